import { expect, test } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { P } from '../support/env';
import { REVIEW_LOOKS, lookName, openInLook } from '../support/looks';
import { InspectorPage } from '../pages/inspector';

// Readable and whole (D222, D223) on /inspector: at 375 px the page was 384 px wide (a machine's file path is one long
// word) and the coverage button cut its label. The axe check also runs the clipping guard (D222).

test.describe('Issue 24 §6: inspector, no sideways scroll', () => {
  test('issue 24 §6: the inspector fits the window and cuts no label (vi and en, 1366 and 375 px)', async ({ page }, info) => {
    test.setTimeout(240_000);
    // A document of the portal's origin first, where each look's language is stored.
    await page.goto(P('/config.json'));
    for (const look of REVIEW_LOOKS) {
      await openInLook(page, '/inspector', look);
      const inspector = new InspectorPage(page, look.lang);
      await expect(inspector.heading).toBeVisible();
      await inspector.chooseMachine('attendanceList');
      await inspector.waitForDiagram();
      const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(width[0], `page width at ${look.width} px`).toBeLessThanOrEqual(width[1]!);
      await expectNoAxeViolations(page, `inspector (${lookName(look)})`, info);
    }
  });
});
