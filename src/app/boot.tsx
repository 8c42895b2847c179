import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isConfigError, loadConfig, type AppConfig } from '../config';
import { initialLanguage, initI18n, preloadTexts } from '../i18n';
import { recordActivity, watchWindowFocus } from './activity';
import { App } from './App';
import { createAppRouter, preloadPage } from './router';
import { createRuntime } from './shared/runtime';
import { captureSsoFragment } from './shared/sso-fragment';
import { StartupError } from './StartupError';
import { sessionEndTarget } from './shared/paths';
import { authPaths } from './auth/paths';

function describeStartupError(error: unknown): string {
  if (isConfigError(error)) {
    const fields = error.fields.length ? ` (${error.fields.join(', ')})` : '';
    return `config.json: ${error.kind}${error.status ? ` HTTP ${error.status}` : ''}${fields}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Start-up: configuration, languages, the session, then the router. Never a blank page. */
export async function boot(container: HTMLElement): Promise<void> {
  const ssoAccessToken = captureSsoFragment();
  // The page's chunks and its texts download while the configuration is fetched, not after it (the
  // deployment's default language is known only then; a stored choice or Vietnamese is the best guess).
  const configLoad = loadConfig();
  void preloadTexts(initialLanguage()).catch(() => undefined);
  preloadPage(window.location.pathname);
  const root = createRoot(container);
  let config: AppConfig;
  try {
    config = await configLoad;
    await initI18n({ defaultLanguage: config.defaultLanguage, hotlines: config.hotlines });
  } catch (error) {
    root.render(<StartupError detail={describeStartupError(error)} />);
    return;
  }

  const runtime = createRuntime(config, { ssoAccessToken });
  const router = createAppRouter({ inspector: config.features.inspector });
  const { session, storage, navigation } = runtime;

  navigation.goToLogin = () => {
    const { pathname, search } = router.state.location;
    const target = sessionEndTarget(pathname, search, session.getSnapshot().context.endReason, authPaths.login());
    if (target) void router.navigate(target.to, { replace: true, state: target.state });
  };
  navigation.redirectToSso = () => {
    const loginUrl = config.sso.loginUrl;
    if (!loginUrl) return;
    const url = new URL(loginUrl, window.location.origin);
    url.searchParams.set('redirect_uri', new URL(`${import.meta.env.BASE_URL}auth-sso-check`, window.location.origin).href);
    window.location.assign(url.href);
  };

  session.start();
  recordActivity(storage);
  watchWindowFocus(storage, (event) => {
    // With no recorded activity there is nothing to measure idleness against.
    if (event.lastActive !== null) session.send({ type: 'WINDOW_FOCUSED', now: event.now, lastActive: event.lastActive });
  });

  // A transition, so the first render of shell and page yields to the browser every few milliseconds
  // instead of blocking it in one long task (default-priority renders are not time-sliced).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App runtime={runtime} router={router} />
      </StrictMode>,
    );
  });
}
