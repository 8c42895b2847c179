import type { Page } from '@playwright/test';

/**
 * What carries a label a person must read whole: buttons, tabs, badges, labels, menu items, options,
 * chips, segmented-control labels, pills, navigation links and table headers.
 */
const LABELS = [
  'button',
  '[role="button"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="menuitemradio"]',
  '[role="menuitemcheckbox"]',
  '[role="option"]',
  'label',
  'legend',
  'th',
  '[role="columnheader"]',
  '.mantine-Button-root',
  '.mantine-Badge-root',
  '.mantine-Chip-label',
  '.mantine-SegmentedControl-label',
  '.mantine-Pill-root',
  '.mantine-NavLink-root',
].join(', ');

/**
 * In the page: every visible label whose text runs past a box that hides overflow (its own, with an
 * ellipsis or not, or an ancestor's) along the line. Text past a scroll container is not cut: it can be
 * scrolled to. Text wholly outside a hiding box is hidden content (a closed panel), not a cut label.
 * The one allowance (D222): data shown inside a control (a merchant's name in the account button)
 * may end in an ellipsis when the box that cuts it, or the control, carries the whole text as its
 * `title`, so the pointer's tooltip shows it.
 */
function clippedInPage(selector: string): string[] {
  const normal = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const hidesOverflow = (style: CSSStyleDeclaration) => style.overflowX === 'hidden' || style.overflowX === 'clip';
  const invisible = (el: Element): boolean => {
    if (getComputedStyle(el).visibility === 'hidden') return true;
    for (let a: Element | null = el; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      // Visually hidden text (for screen readers) is clipped on purpose.
      if (Number(style.opacity) === 0 || style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '')) return true;
    }
    return false;
  };
  const describe = (el: Element): string => {
    const role = el.getAttribute('role');
    const testId = el.getAttribute('data-testid');
    const part = /mantine-[A-Za-z]+-[A-Za-z]+/.exec(el.getAttribute('class') ?? '')?.[0];
    return [el.tagName.toLowerCase(), role ? `[role=${role}]` : '', part ? `.${part}` : '', testId ? `[data-testid=${testId}]` : ''].join(
      '',
    );
  };
  const allowed = (label: Element, clipper: Element, text: string): boolean => {
    for (let a: Element | null = clipper; a; a = a.parentElement) {
      if (normal(a.getAttribute('title')).includes(text)) return true;
      if (a === label) break;
    }
    return normal(label.getAttribute('title')).includes(text);
  };

  const found: string[] = [];
  // A box that cuts text is reported once, for the innermost label around it (a badge in a button):
  // descendants come after their ancestors in document order, so the list is walked backwards.
  const reported = new Set<Element>();
  for (const label of Array.from(document.querySelectorAll(selector)).reverse()) {
    const box = label.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || !normal(label.textContent) || invisible(label)) continue;
    let report: string | null = null;
    // Its own box or a part of it that hides what does not fit (a badge's or a tab's label).
    for (const el of [label, ...Array.from(label.querySelectorAll('*'))]) {
      if (report || el instanceof SVGElement || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) continue;
      const text = normal(el.textContent);
      if (!text || !hidesOverflow(getComputedStyle(el)) || el.scrollWidth <= el.clientWidth + 1) continue;
      if (reported.has(el) || el.clientWidth <= 1 || invisible(el) || allowed(label, el, text)) continue;
      reported.add(el);
      report = `${describe(label)} "${text.slice(0, 60)}": ${el.scrollWidth} px of text in a ${el.clientWidth} px box (${describe(el)} hides the rest)`;
    }
    // A box further out that hides what runs past it (a row of tabs narrower than the tabs).
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && !report; node = walker.nextNode()) {
      const text = normal(node.textContent);
      if (!text || !node.parentElement || node.parentElement instanceof SVGElement || invisible(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      for (let a: Element | null = node.parentElement; a && a !== document.documentElement && !report; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === 'visible') continue;
        if (!hidesOverflow(style)) break;
        const edge = a.getBoundingClientRect();
        const left = edge.left + a.clientLeft;
        const right = left + a.clientWidth;
        const cut = rects.some((r) => (r.right > right + 1 && r.left < right) || (r.left < left - 1 && r.right > left));
        if (!cut || reported.has(a) || allowed(label, a, text)) continue;
        reported.add(a);
        const width = Math.round(Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left)));
        report = `${describe(label)} "${text.slice(0, 60)}": ${width} px of text, cut at ${Math.round(right - left)} px by ${describe(a)}`;
      }
    }
    if (report) found.unshift(report);
  }
  return found;
}

/** Labels and buttons on the page whose text is wider than their visible box (D222). */
export async function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(clippedInPage, LABELS);
}
