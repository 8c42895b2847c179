import { readFileSync } from 'node:fs';
import { test, expect } from '../support/fixtures';
import { expectNoAxeViolations } from '../support/axe';
import { DEMO, P } from '../support/env';
import { t } from '../support/i18n';
import { gotoLogin, submitLogin } from '../support/portal';

// Issue 5: the machine inspector (flag features.inspector, on in the sandbox). It needs no sign-in.

test.describe('Machine inspector', () => {
  test('follows the session of another tab live while it signs in; masks secrets; axe finds nothing', async ({ context, page }, testInfo) => {
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });

    await page.goto(P('/inspector'));
    await expect(page.getByRole('heading', { level: 1, name: t('vi', 'inspector:title') })).toBeVisible();
    const machines = page.getByRole('navigation', { name: t('vi', 'inspector:machines.heading') });
    await machines.getByRole('button', { name: new RegExp(t('vi', 'machines:session.title')) }).click();
    // Drawn by elkjs in the page under the sandbox's CSP (script-src 'self', no eval, no blob workers).
    const svg = page.getByTestId('diagram-svg');
    await expect(svg.locator('[data-state-id="session.signedIn.token.refreshing"]')).toBeAttached({ timeout: 30_000 });
    await expect(svg.getByText('signedIn ‖ parallel')).toBeVisible();

    const portal = await context.newPage();
    await gotoLogin(portal);

    const otherSession = page.getByTestId('live-actors').locator('[data-actor-machine="session"]').filter({ hasText: '/portal/login' });
    await otherSession.getByRole('button', { name: t('vi', 'inspector:live.follow') }).click();
    await expect(svg.locator('[data-state-id="session.signedOut"]')).toHaveAttribute('data-marks', /active/);

    await submitLogin(portal, DEMO.phoco.username, DEMO.phoco.password);
    await expect(portal).toHaveURL(/\/portal\/dashboard$/);

    await expect(svg.locator('[data-state-id="session.signedIn"]')).toHaveAttribute('data-marks', /active/);
    await expect(svg.locator('[data-state-id="session.signedOut"]')).not.toHaveAttribute('data-marks', /active/);
    await expect(page.getByTestId('live-current-state')).toContainText('signedIn.');
    const events = page.getByTestId('live-events');
    await expect(events).toContainText('SIGNED_IN');
    await expect(events).toContainText('•••');

    // The login form's actor reported the typed password only masked.
    const loginActor = page.getByTestId('live-actors').locator('[data-actor-machine="login"]').first();
    await loginActor.getByRole('button', { name: t('vi', 'inspector:live.follow') }).click();
    await expect(page.getByTestId('live-events')).toContainText('PASSWORD.CHANGE');
    await expect(page.locator('body')).not.toContainText(DEMO.phoco.password);
    await expect(page.locator('body')).not.toContainText(/eyJ[\w-]{8,}\./);

    await expectNoAxeViolations(page, 'inspector', testInfo);
    expect(cspErrors).toEqual([]);
  });

  test('zooms with the keyboard and the wheel, colours by a coverage report, downloads the diagram as SVG', async ({ page }) => {
    await page.goto(P('/inspector'));
    // The list no longer opens on the session machine (areas declare their machines in order), and
    // the report and the download below are the session's.
    const machines = page.getByRole('navigation', { name: t('vi', 'inspector:machines.heading') });
    await machines.getByRole('button', { name: new RegExp(t('vi', 'machines:session.title')) }).click();
    const viewport = page.getByTestId('diagram-viewport');
    // Layout runs in the page; a loaded CI machine may take a while.
    await expect(page.getByTestId('diagram-svg')).toBeVisible({ timeout: 30_000 });
    const zoom = page.getByText(/^Thu phóng \d+%$/);
    const before = await zoom.textContent();
    await viewport.focus();
    await page.keyboard.press('+');
    await expect(zoom).not.toHaveText(before ?? '');
    const afterKeys = await zoom.textContent();
    await viewport.hover();
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
    await page.getByTestId('coverage-file').setInputFiles({
      name: 'model-coverage.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(report)),
    });
    const svg = page.getByTestId('diagram-svg');
    await expect(svg.locator('[data-state-id="session.signingOut"]')).toHaveAttribute('data-marks', 'not-covered');
    await expect(svg.locator('[data-state-id="session.signedOut"]')).toHaveAttribute('data-marks', 'covered');
    await page.getByTestId('coverage-file').setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"machines":[]}') });
    await expect(page.getByTestId('coverage-error')).toContainText('model-coverage.json');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t('vi', 'inspector:diagram.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('session-statechart.svg');
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain('readingStoredSession');
  });
});
