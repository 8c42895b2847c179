import type { Locator, Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { test, expect } from '../support/fixtures';
import { P } from '../support/env';
import { t } from '../support/i18n';
import { afterPendingRequests } from '../support/settle';
import { LockModal, LoginPage, MAX_ATTEMPTS } from '../support/sign-in';
import { Shell } from '../support/shell';
import type { SandboxClient, ThrowawayUser } from '../support/sandbox';
import { getLoginPaths, loginProjection } from '../../tests/model/auth/login.paths';
import { formatState, type ModelPath } from '../../tests/model/shared/paths';

type ModelStep = ModelPath['steps'][number];

/**
 * Generated paths of the login machine (src/machines/auth/login.machine.ts, paths from
 * tests/model/auth/login.paths.ts) driven through the real /login screen against the sandbox, in the
 * manner of kiesraad/abacus: every event becomes what a person (or the server, or the network) does,
 * every state an assertion on the screen.
 *
 *   FIELD.CHANGE username / password    type into the field (non-empty samples become the throwaway
 *                                       user's name, with the sample's surrounding spaces, and the
 *                                       password the path's next server answer needs)
 *   FIELD.CHANGE remember               tick or untick the remember-me box to the sample's value
 *   SUBMIT                              click sign in, or press Enter when the button is disabled
 *                                       (the guard refuses: no request may leave)
 *   LOCK_MODAL.CLOSE                    close the lock-out modal
 *   SSO.START (flag off)                the screen offers no unified-identity button
 *   SSO.START (no address)              config.json served without sso.loginUrl: the button is disabled
 *   xstate.done.actor.login             the sandbox accepts the right password
 *   xstate.error.actor.login LOGIN_FAIL the sandbox refuses a wrong password; the throwaway user has
 *                                       failed_count − 1 earlier wrong attempts, so the real server
 *                                       answers the sample's failed_count
 *   … USER_LOCKED_USING                 the throwaway user was locked beforehand (5 wrong attempts)
 *   … NETWORK_ERROR                     the browser's request fails (page.route abort)
 *
 * Each login request is held until the screen has shown `submitting`, then released to the server.
 * Paths of the unified-login variant need a sandbox with features.unifiedLogin on; this run's has it
 * off, so they are listed as skipped with that reason.
 */

const WRONG_PASSWORD = 'Wrong@Pass9';
const paths = getLoginPaths();

type LoginResult =
  | { kind: 'done' }
  | { kind: 'LOGIN_FAIL'; failedCount: number }
  | { kind: 'USER_LOCKED_USING' }
  | { kind: 'NETWORK_ERROR' }
  | { kind: 'unsupported'; why: string };

function loginResultOf(event: EventObject): LoginResult | null {
  if (event.type === 'xstate.done.actor.login') return { kind: 'done' };
  if (event.type !== 'xstate.error.actor.login') return null;
  const error = (event as EventObject & { error?: { code?: string; data?: { failed_count?: number } } }).error;
  switch (error?.code) {
    case 'LOGIN_FAIL':
      return { kind: 'LOGIN_FAIL', failedCount: error.data?.failed_count ?? 1 };
    case 'USER_LOCKED_USING':
      return { kind: 'USER_LOCKED_USING' };
    case 'NETWORK_ERROR':
      return { kind: 'NETWORK_ERROR' };
    default:
      return { kind: 'unsupported', why: `the sandbox cannot be made to answer ${String(error?.code)} at sign-in` };
  }
}

const isUnifiedPath = (path: ModelPath): boolean => (path.input as { unifiedLogin?: boolean } | undefined)?.unifiedLogin === true;
/** The variant whose deployment gives no single-sign-on address (core §4: the button says it is not set up). */
const lacksSsoAddress = (path: ModelPath): boolean => (path.input as { ssoConfigured?: boolean } | undefined)?.ssoConfigured === false;

/** Serves this deployment's runtime configuration without the single-sign-on address. */
async function withoutSsoAddress(page: Page): Promise<void> {
  await page.route('**/portal/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { sso?: Record<string, unknown> };
    await route.fulfill({ response, json: { ...config, sso: { ...config.sso, loginUrl: null } } });
  });
}

/**
 * The project a path runs in. Each path runs once: unified-login paths in the `unified` project (its
 * sandbox has features.unifiedLogin on), the others in `main`.
 */
function projectFor(path: ModelPath): 'main' | 'unified' {
  return isUnifiedPath(path) ? 'unified' : 'main';
}

/** Why a path runs in neither project, or null. */
function skipReason(path: ModelPath): string | null {
  if (lacksSsoAddress(path) && path.steps.at(-1)?.event.type !== 'SSO.START') {
    // Without an address the screen differs only at the unified-identity button; the other steps are
    // the same as the unified variant's, which runs them already.
    return 'no single-sign-on address changes only SSO.START; the unified variant runs the same steps';
  }
  for (const step of path.steps) {
    const result = loginResultOf(step.event);
    if (result?.kind === 'unsupported') return result.why;
  }
  return null;
}

/** The next login answer after step `index`, which decides what password to type now. */
function nextLoginResult(steps: ModelStep[], index: number): LoginResult | null {
  for (let i = index + 1; i < steps.length; i += 1) {
    const result = loginResultOf(steps[i]!.event);
    if (result) return result;
  }
  return null;
}

/** Whether the path's registration check finds the account linked (its loadProfile sample output). */
function ssoRegisteredFor(path: ModelPath): boolean {
  for (const step of path.steps) {
    if (step.event.type === 'xstate.done.actor.loadProfile') {
      return (step.event as EventObject & { output?: { sso_registered?: boolean } }).output?.sso_registered === true;
    }
  }
  return false;
}

/** Puts the throwaway user where the path's first server answer needs it. */
async function arrangeUser(sandbox: SandboxClient, user: ThrowawayUser, path: ModelPath): Promise<void> {
  const first = path.steps.map((s) => loginResultOf(s.event)).find((r): r is LoginResult => r !== null);
  if (first?.kind === 'LOGIN_FAIL' && first.failedCount > 1) {
    await sandbox.wrongPasswords(user.username, first.failedCount - 1);
  }
  if (first?.kind === 'USER_LOCKED_USING') {
    const last = await sandbox.wrongPasswords(user.username, MAX_ATTEMPTS);
    expect(last.status, `arranging a locked user: ${JSON.stringify(last.body)}`).toBe(423);
  }
}

/** Holds each POST /user/login until released; aborts it instead while the network is "down". */
class LoginGate {
  private held: Route[] = [];
  requests = 0;
  aborted = 0;
  networkDown = false;

  async install(page: Page): Promise<void> {
    await page.route('**/api/portal/user/login', async (route) => {
      this.requests += 1;
      if (this.networkDown) {
        await route.abort('internetdisconnected');
        this.aborted += 1;
        return;
      }
      this.held.push(route);
    });
  }

  async waitForHeld(): Promise<void> {
    await expect.poll(() => this.held.length, { message: 'a POST /user/login to arrive' }).toBeGreaterThan(0);
  }

  async release(): Promise<void> {
    const routes = this.held;
    this.held = [];
    await Promise.all(routes.map((r) => r.continue()));
  }
}

/**
 * Holds the registration check's GET /user/info (unified login, `checkingRegistration`) while
 * armed, so the screen can be seen in that state; then lets it through or fails it like a network.
 */
class ProfileGate {
  private held: Route[] = [];
  armed = false;

  async install(page: Page): Promise<void> {
    await page.route('**/api/portal/user/info', async (route) => {
      if (!this.armed) {
        await route.continue();
        return;
      }
      this.armed = false;
      this.held.push(route);
    });
  }

  async waitForHeld(): Promise<void> {
    await expect.poll(() => this.held.length, { message: 'the registration check (GET /user/info) to arrive' }).toBeGreaterThan(0);
  }

  async settle(how: 'continue' | 'abort'): Promise<void> {
    const routes = this.held;
    this.held = [];
    await Promise.all(routes.map((r) => (how === 'continue' ? r.continue() : r.abort('internetdisconnected'))));
  }
}

/**
 * Puts `value` into a field as a person would. When the field already holds it, a real edit that
 * ends where it began (type a character, delete it): React reports no change for an identical
 * value, while the machine's event (a change to the same text) still clears a shown error.
 */
async function typeInto(field: Locator, value: string): Promise<void> {
  if ((await field.inputValue()) === value) {
    await field.press('End');
    await field.pressSequentially('x');
    await field.press('Backspace');
    return;
  }
  await field.fill(value);
}

interface Expectation {
  remember: boolean;
  failedCount: number | null;
}

/** FIELD.CHANGE as a person does it: types the username or the password, ticks or unticks remember-me. */
async function changeField(
  screen: LoginPage,
  event: EventObject & { field?: string; value?: unknown },
  { user, next, expected }: { user: ThrowawayUser; next: LoginResult | null; expected: Expectation },
): Promise<void> {
  switch (event.field) {
    case 'username': {
      const value = typeof event.value === 'string' ? event.value : '';
      await typeInto(screen.username, value.trim() === '' ? value : value.replace(value.trim(), user.username));
      return;
    }
    case 'password': {
      const value = typeof event.value === 'string' ? event.value : '';
      await typeInto(screen.password, value === '' ? '' : next?.kind === 'done' ? user.password : WRONG_PASSWORD);
      return;
    }
    case 'remember': {
      const value = event.value === true;
      // The box already shows the value: the change the machine takes is one a person cannot make, and needs none.
      if (value !== expected.remember) await screen.remember.click();
      expected.remember = value;
      return;
    }
    default:
      throw new Error(`login-paths: no browser action for field "${String(event.field)}"`);
  }
}

async function assertState(page: Page, step: ModelStep, expected: Expectation): Promise<void> {
  const screen = new LoginPage(page);
  const lock = new LockModal(page);
  const state = formatState(step.state);
  const projected = loginProjection(step.state.context);
  switch (state) {
    case 'editing': {
      await expect(page, 'editing: still on /login').toHaveURL(new RegExp(`${P('/login')}$`));
      await expect(lock.dialog, 'editing: no lock-out modal').toBeHidden();
      const enabled = projected.username && projected.password;
      if (enabled) await expect(screen.submit, 'editing: both fields filled → sign in enabled').toBeEnabled();
      else await expect(screen.submit, 'editing: a field empty → sign in disabled').toBeDisabled();
      if (expected.failedCount !== null) {
        await expect(screen.failedCount(expected.failedCount), 'editing: failed-attempt count').toBeVisible();
      } else {
        await expect(screen.anyFailedCount, 'editing: no failed-attempt count yet').toBeHidden();
      }
      const general = screen.error;
      if (projected.errorCode === 'NETWORK_ERROR') {
        await expect(general, 'editing: network failure message').toHaveText(t('vi', 'errors:NETWORK_ERROR'));
      } else {
        await expect(general, 'editing: no general error').toBeHidden();
      }
      if (expected.remember) await expect(screen.remember).toBeChecked();
      else await expect(screen.remember).not.toBeChecked();
      return;
    }
    case 'submitting':
      await expect(screen.submit, 'submitting: the button shows it is busy').toHaveAttribute('data-loading', /.*/);
      await expect(screen.submit).toBeDisabled();
      return;
    case 'locked':
      await expect(lock.dialog, 'locked: the lock-out modal').toBeVisible();
      return;
    case 'checkingRegistration':
      await expect(screen.submit, 'checkingRegistration: still busy').toHaveAttribute('data-loading', /.*/);
      await expect(page).toHaveURL(new RegExp(`${P('/login')}$`));
      return;
    case 'needsRegistration':
      await expect(page, 'needsRegistration: asked to link the identity').toHaveURL(new RegExp(`${P('/register-digistore-id')}$`));
      return;
    case 'redirectingToSso':
      await expect(page, 'redirectingToSso: at the identity provider').toHaveURL(/\/sandbox\/sso\/authorize\?/);
      return;
    case 'signedIn':
      await expect(page, 'signedIn: on the dashboard').toHaveURL(new RegExp(`${P('/dashboard')}$`));
      await expect(new Shell(page).nav).toBeVisible();
      return;
    default:
      throw new Error(`login-paths: no screen assertion for state "${state}"`);
  }
}

test.describe('Foundation: login machine paths in the browser (core §4, §5)', () => {
  for (const path of paths) {
    // Decided before the test's fixtures: a skipped path opens no page.
    test.describe(() => {
      const project = projectFor(path);
      test.skip(
        ({ projectName }) => projectName !== project,
        project === 'unified'
          ? 'a unified-login path: it runs in the unified project (sandbox with features.unifiedLogin on)'
          : 'a password-login path: it runs in the main project (flag off)',
      );
      const reason = skipReason(path);
      test.skip(reason !== null, reason ?? '');
      definePathTest(path);
    });
  }
});

function definePathTest(path: ModelPath): void {
  // The worker's warm tab (D345, D365); gates set once the form is up (before SUBMIT), so the load uses the HTTP cache.
  test(`core §4 login path: ${path.description}`, async ({ page, sandbox, makeUser }) => {
    const user = await makeUser({ sso_registered: ssoRegisteredFor(path) });
    await arrangeUser(sandbox, user, path);
    if (lacksSsoAddress(path)) await withoutSsoAddress(page);
    const screen = await LoginPage.open(page);
    const gate = new LoginGate();
    await gate.install(page);
    const profileGate = new ProfileGate();
    await profileGate.install(page);
    const expected: Expectation = { remember: false, failedCount: null };

    for (const [index, step] of path.steps.entries()) {
      const event = step.event as EventObject & { field?: string; value?: unknown };
      await test.step(`${event.type} → ${formatState(step.state)}`, async () => {
        switch (event.type) {
          case 'xstate.init':
            break;
          case 'FIELD.CHANGE':
            await changeField(screen, event, { user, next: nextLoginResult(path.steps, index), expected });
            break;
          case 'SUBMIT': {
            const before = gate.requests;
            const abortedBefore = gate.aborted;
            const nextResult = nextLoginResult(path.steps, index);
            gate.networkDown = nextResult?.kind === 'NETWORK_ERROR';
            if (await screen.submit.isEnabled()) {
              await screen.submit.click();
            } else {
              await screen.password.press('Enter');
            }
            if (formatState(step.state) === 'submitting') {
              if (gate.networkDown) {
                // The request must meet the "network down" before the network comes back.
                await expect.poll(() => gate.aborted, { message: 'the POST /user/login to fail' }).toBeGreaterThan(abortedBefore);
              } else {
                await gate.waitForHeld();
                await assertState(page, step, expected);
                profileGate.armed = isUnifiedPath(path);
                await gate.release();
              }
              return;
            }
            // Refused by the guard: nothing may leave the browser (a request it had started would have
            // reached the gate before the page's next one answers).
            await afterPendingRequests(page);
            expect(gate.requests, 'a refused SUBMIT sends no request').toBe(before);
            break;
          }
          case 'LOCK_MODAL.CLOSE':
            await new LockModal(page).close.click();
            break;
          case 'SSO.START':
            if (isUnifiedPath(path) && lacksSsoAddress(path)) {
              // No address: the button is there but refuses, and says why.
              await expect(screen.sso).toBeDisabled();
            } else if (isUnifiedPath(path)) {
              await screen.sso.click();
            } else {
              // Flag off: the screen offers no way to send it.
              await expect(screen.sso).toHaveCount(0);
            }
            break;
          case 'xstate.done.actor.login':
            if (formatState(step.state) === 'checkingRegistration') await profileGate.waitForHeld();
            break;
          case 'xstate.done.actor.loadProfile':
            await profileGate.settle('continue');
            break;
          case 'xstate.error.actor.loadProfile':
            await profileGate.settle('abort');
            break;
          case 'xstate.error.actor.login': {
            const result = loginResultOf(event);
            if (result?.kind === 'LOGIN_FAIL') expected.failedCount = result.failedCount;
            gate.networkDown = false;
            break;
          }
          default:
            throw new Error(`login-paths: no browser action for event "${event.type}"`);
        }
        await assertState(page, step, expected);
      });
    }
  });
}
