import { readFileSync } from 'node:fs';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO } from '../support/env';
import { LoginPage } from '../support/sign-in';
import { InspectorPage } from '../pages/inspector';

// The machine inspector (flag features.inspector, on in the sandbox). It needs no sign-in.

test.describe('Machine inspector', () => {
  test('follows the session of another tab live while it signs in; masks secrets; axe finds nothing', async ({
    context,
    page,
  }, testInfo) => {
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });

    const inspector = await InspectorPage.open(page);
    await expect(inspector.heading).toBeVisible();
    await inspector.chooseMachine('session');
    // Drawn by elkjs in the page under the sandbox's CSP (script-src 'self', no eval, no blob workers).
    const svg = inspector.diagram;
    await expect(inspector.state('session.signedIn.token.refreshing')).toBeAttached({ timeout: 30_000 });
    await expect(svg.getByText('signedIn ‖ parallel')).toBeVisible();

    const portal = await context.newPage();
    const login = await LoginPage.open(portal);

    await inspector.follow(inspector.actors('session', '/portal/login'));
    await expect(inspector.state('session.signedOut')).toHaveAttribute('data-marks', /active/);

    await login.submitAs(DEMO.phoco.username, DEMO.phoco.password);
    await expect(portal).toHaveURL(/\/portal\/dashboard$/);

    await expect(inspector.state('session.signedIn')).toHaveAttribute('data-marks', /active/);
    await expect(inspector.state('session.signedOut')).not.toHaveAttribute('data-marks', /active/);
    await expect(inspector.liveCurrentState).toContainText('signedIn.');
    const events = inspector.liveEvents;
    await expect(events).toContainText('SIGNED_IN');
    await expect(events).toContainText('•••');

    // The login form's actor reported the typed password only masked.
    await inspector.follow(inspector.actors('login').first());
    await expect(inspector.liveEvents).toContainText('FIELD.CHANGE');
    await expect(page.locator('body')).not.toContainText(DEMO.phoco.password);
    await expect(page.locator('body')).not.toContainText(/eyJ[\w-]{8,}\./);

    await expectNoAxeViolations(page, 'inspector', testInfo);
    expect(cspErrors).toEqual([]);
  });

  test('zooms with the keyboard and the wheel, colours by a coverage report, downloads the diagram as SVG', async ({ page }) => {
    const inspector = await InspectorPage.open(page);
    // The list no longer opens on the session machine (areas declare their machines in order), and
    // the report and the download below are the session's.
    await inspector.chooseMachine('session');
    await inspector.waitForDiagram();
    const zoom = inspector.zoom;
    const before = await zoom.textContent();
    await inspector.viewport.focus();
    await page.keyboard.press('+');
    await expect(zoom).not.toHaveText(before ?? '');
    const afterKeys = await zoom.textContent();
    await inspector.viewport.hover();
    await page.mouse.wheel(0, 300);
    await expect(zoom).not.toHaveText(afterKeys ?? '');

    const report = {
      generatedAt: '2026-11-22T10:00:00.000Z',
      machines: {
        session: {
          paths: [{ description: 'reaches signedOut via restoreSession.done(null)', passed: true }],
          states: { total: 2, covered: ['session.signedOut'], notCovered: ['session.signingOut'] },
          transitions: { total: 1, covered: [], notCovered: ['session.signedIn | LOGOUT → session.signingOut'] },
        },
      },
    };
    await inspector.coverageFile.setInputFiles({
      name: 'model-coverage.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(report)),
    });
    await expect(inspector.state('session.signingOut')).toHaveAttribute('data-marks', 'not-covered');
    await expect(inspector.state('session.signedOut')).toHaveAttribute('data-marks', 'covered');
    await inspector.coverageFile.setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"machines":[]}') });
    await expect(inspector.coverageError).toContainText('model-coverage.json');

    const [download] = await Promise.all([page.waitForEvent('download'), inspector.exportSvg.click()]);
    expect(download.suggestedFilename()).toBe('session-statechart.svg');
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain('readingStoredSession');
  });
});
