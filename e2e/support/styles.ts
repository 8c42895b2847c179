import { expect, type Page } from '@playwright/test';

/**
 * Mantine parts on the page whose component CSS was never loaded. The portal loads Mantine's CSS one
 * component at a time, with the chunk of the page that uses it (src/app/styles.ts), so a page opened
 * first can render a component bare when its area forgot the import; other pages hide it by loading
 * the CSS first. Every Mantine part carries a hashed class (`m_` and 8 hex digits) that its
 * component's CSS defines: a class no loaded rule names is a component drawn without its styles.
 */
export async function unstyledMantineParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const used = new Map<string, string>();
    for (const element of document.querySelectorAll('[class]')) {
      for (const name of element.classList) {
        if (!/^m_[0-9a-f]{8}$/.test(name) || used.has(name)) continue;
        const part = /mantine-[A-Za-z]+-[A-Za-z]+/.exec(element.getAttribute('class') ?? '')?.[0] ?? element.tagName.toLowerCase();
        used.set(name, part);
      }
    }
    const defined = new Set<string>();
    const walk = (rules: CSSRuleList): void => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const match of rule.selectorText.matchAll(/m_[0-9a-f]{8}/g)) defined.add(match[0]);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      try {
        walk(sheet.cssRules);
      } catch {
        // A stylesheet of another origin cannot be read; the portal's own are same-origin.
      }
    }
    return [...used].filter(([name]) => !defined.has(name)).map(([name, part]) => `${part} (${name})`);
  });
}

/** Fails when a Mantine component on the page is drawn without its CSS (see unstyledMantineParts). */
export async function expectMantineStyled(page: Page, screen: string): Promise<void> {
  const bare = await unstyledMantineParts(page);
  expect(
    bare,
    `Mantine parts without their component CSS on "${screen}" (${page.url()}): import the component's CSS in the area's styles.ts`,
  ).toEqual([]);
}
