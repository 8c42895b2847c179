import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { clippedLabels } from './clipping';
import { lowContrastText } from './contrast';
import { expectMantineStyled } from './styles';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One readable block per violation: rule, impact, help, and every offending node with its selector. */
export function formatViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const target = n.target.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ');
          const summary = (n.failureSummary ?? '')
            .split('\n')
            .map((l) => `        ${l}`)
            .join('\n');
          return `    - ${target}\n      ${n.html.slice(0, 200)}\n${summary}`;
        })
        .join('\n');
      return `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n\n');
}

/**
 * Waits until the page's finite animations and transitions have finished (Mantine modals, drawers,
 * popovers and notifications animate opacity and transform on entry), so axe never measures colour
 * contrast on half-transparent text. Two animation frames first: a transition a click just started
 * is only listed by `document.getAnimations()` once its style change has been computed. Endless
 * animations (loaders, skeleton pulses) never finish and are left out; so are animations cancelled
 * meanwhile (their `finished` rejects: nothing is fading any more). Again until none is left, since
 * one that ends can start the next (a modal's overlay, then its content).
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    for (let round = 0; round < 10; round += 1) {
      await frame();
      await frame();
      const running = document.getAnimations().filter((a) => {
        // Only running ones: a paused animation would be waited for forever.
        if (a.playState !== 'running') return false;
        const end = a.effect?.getComputedTiming().endTime;
        return typeof end === 'number' && Number.isFinite(end);
      });
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * Axe with the WCAG 2.2 AA rules, run the quick way for this portal (D265): `axe.run` in the page
 * itself (legacy mode) instead of `runPartial` in every frame and `finishRun` in a blank page the
 * builder opens and closes for every scan; the portal's frames are its own (the receipt's print
 * frame, a PDF), and cross-origin frames, which only the slow way reaches, it has none. Not axe's
 * `resultTypes`: with it, the landmark rules, which decide over every node of the page, report a
 * dialog's header as a second banner.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
}

/**
 * Runs axe with the WCAG 2.2 AA tag set on the page as it is now and fails with a readable list of
 * violations. `screen` names the screen in the message; the full results are attached to the report.
 * The same look at the page also checks that every Mantine component on it has its CSS (styles.ts):
 * an unstyled control is as unusable as an unlabelled one, and it is only visible on a first load.
 * And two things axe passes but a reader does not: text whose contrast axe left "to review" (a
 * background it could not work out, or text the colour of its background), measured against what is
 * painted behind it (contrast.ts, D223); and a label, button, tab, badge or header whose text is wider
 * than its visible box (clipping.ts, D222).
 */
export async function expectNoAxeViolations(page: Page, screen: string, testInfo?: TestInfo): Promise<void> {
  const started = Date.now();
  const parts: string[] = [];
  const timed = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const from = Date.now();
    try {
      return await run();
    } finally {
      parts.push(`${name} ${Date.now() - from}`);
    }
  };
  try {
    await scan(page, screen, timed, testInfo);
  } finally {
    // What each scan costs and where, in the JSON report beside the test's duration (scripts/slowest-tests.ts sums it).
    testInfo?.annotations.push({ type: 'a11y-scan', description: `${Date.now() - started} ms: ${screen} [${parts.join(', ')}]` });
  }
}

type Timed = <T>(name: string, run: () => Promise<T>) => Promise<T>;

async function scan(page: Page, screen: string, timed: Timed, testInfo?: TestInfo): Promise<void> {
  await timed('settle', () => animationsSettled(page));
  const results = await timed('axe', () => axeOn(page).analyze());
  if (testInfo) {
    await testInfo.attach(`axe-${screen}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
  const message =
    results.violations.length === 0
      ? ''
      : `axe found ${results.violations.length} violation(s) on "${screen}" (${page.url()}):\n\n${formatViolations(results.violations)}`;
  expect(results.violations.length, message).toBe(0);
  await timed('styles', () => expectMantineStyled(page, screen));
  const lowContrast = await timed('contrast', () => lowContrastText(page, results.incomplete));
  const clipped = await timed('clipping', () => clippedLabels(page));
  const unreadable = [
    ...(lowContrast.length > 0 ? [`text under WCAG 1.4.3 contrast, measured against what is painted behind it:`, ...lowContrast] : []),
    ...(clipped.length > 0 ? [`labels whose text is wider than their visible box:`, ...clipped] : []),
  ];
  expect(unreadable, `Unreadable text on "${screen}" (${page.url()}):\n  ${unreadable.join('\n  ')}`).toEqual([]);
}
