import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Frame, type Page, type TestInfo } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { clippedLabels } from './clipping';
import { lowContrastText } from './contrast';
import { expectMantineStyled } from './styles';

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

const require = createRequire(import.meta.url);
/** axe-core's own build, the one @axe-core/playwright injects (the same package, pinned beside it). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const AXE_CONFIGURE = `;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

/**
 * Puts axe into a frame that has none yet. The page's own frame must take it; another frame that will
 * not take it within a second (a PDF viewer, a frame being torn down) is left out, as @axe-core/playwright does.
 */
async function injectOnce(frame: Frame, main: boolean): Promise<void> {
  const inject = async () => {
    const present = await frame.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
    if (!present) await frame.evaluate(`${AXE_SOURCE}\n${AXE_CONFIGURE}`);
  };
  if (main) return inject();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      inject(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('axe injection timed out')), 1_000))),
    ]);
  } catch {
    // Left out, as above.
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Axe with the WCAG 2.2 AA rules, run the quick way for this portal (D265, D323): `axe.run` in the page
 * itself (legacy mode: the portal's frames are its own, the receipt's print frame and a PDF, and
 * cross-origin frames, which only `runPartial` reaches, it has none), with axe put into each frame once
 * per document rather than twice per scan, and only the violations and the "to review" list sent back.
 * That is what `@axe-core/playwright`'s legacy mode does, less its cost: it evaluated axe's 560 kB
 * source twice in every frame at every scan and serialised every passing node back to the test,
 * 2.8 s a scan against 1.3 s measured on the order list (D323). Not axe's `resultTypes`: with it, the
 * landmark rules, which decide over every node of the page, report a dialog's header as a second banner.
 */
export async function runAxe(page: Page): Promise<Pick<AxeResults, 'violations' | 'incomplete'>> {
  for (const frame of page.frames()) await injectOnce(frame, frame === page.mainFrame());
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    // An open modal dialog (aria-modal) makes the page behind it unreachable: a control there that the
    // dialog's box half covers is not a target anyone can tap, so target size (2.5.8) is measured in the
    // dialog only; every other rule still runs on the whole document. The page itself was scanned
    // without the dialog where a test opens one.
    const modal = [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')].find(
      (d) => d.getClientRects().length > 0,
    );
    const options = { runOnly: { type: 'tag' as const, values: tags } };
    if (!modal) {
      const results = await axe.run(document, options);
      return { violations: results.violations, incomplete: results.incomplete };
    }
    const page = await axe.run(document, { ...options, rules: { 'target-size': { enabled: false } } });
    const inModal = await axe.run(modal, { runOnly: { type: 'rule', values: ['target-size'] } });
    return { violations: [...page.violations, ...inModal.violations], incomplete: [...page.incomplete, ...inModal.incomplete] };
  }, WCAG_TAGS);
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
  const results = await timed('axe', () => runAxe(page));
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
