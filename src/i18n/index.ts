import i18next, { type BackendModule, type i18n as I18n, type Resource, type ResourceKey, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultConfig, type AppConfig } from '../config';
import { appStorage, languageSchema, type AppStorage, type Language } from '../services/shared/storage';

export type { Language } from '../services/shared/storage';
export const SUPPORTED_LANGUAGES: readonly Language[] = ['vi', 'en'];
export const DEFAULT_LANGUAGE: Language = 'vi';

/**
 * The namespaces the first screen (sign-in, shell) needs are fetched for the one language in use while
 * start-up waits for the configuration (`preloadTexts`), and i18n starts only once they are in, so
 * there is no flash of keys and the other language is never downloaded unless chosen. Every other
 * src/i18n/<lng>/<ns>.json is fetched the first time a screen asks for it, so a new area's texts do not
 * grow the /login download. A new namespace needs no change here.
 */
export const CORE_NAMESPACES = ['common', 'errors', 'validation', 'auth', 'shell'] as const;
const namespaceFiles = import.meta.glob<Record<string, unknown>>('./*/*.json', { import: 'default' });
const isCore = (ns: string): boolean => (CORE_NAMESPACES as readonly string[]).includes(ns);

export function buildResources(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = NAMESPACE_FILE.exec(path);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    (resources[lng] ??= {})[ns] = content;
  }
  return resources;
}

/**
 * The inspector's texts for each area's machines (`<lng>/machines/<area>.json`, keyed by machine id)
 * form one namespace, `machines`, loaded only when the inspector asks for it.
 */
const machineTextFiles = import.meta.glob<Record<string, unknown>>('./*/machines/*.json', { import: 'default' });
const MACHINES_NAMESPACE = 'machines';

async function loadMachineTexts(lng: string): Promise<Record<string, unknown>> {
  const loads = Object.entries(machineTextFiles)
    .filter(([path]) => path.startsWith(`./${lng}/machines/`))
    .map(([, load]) => load());
  return Object.assign({}, ...(await Promise.all(loads))) as Record<string, unknown>;
}

const NAMESPACE_FILE = /^\.\/([a-z]{2})\/([A-Za-z0-9_-]+)\.json$/;

export const NAMESPACES: readonly string[] = [
  ...new Set([
    ...Object.keys(namespaceFiles).flatMap((path) => NAMESPACE_FILE.exec(path)?.[2] ?? []),
    ...(Object.keys(machineTextFiles).length > 0 ? [MACHINES_NAMESPACE] : []),
  ]),
].sort();

const lazyNamespaces: BackendModule = {
  type: 'backend',
  init: () => {},
  read(lng, ns, callback) {
    const load = ns === MACHINES_NAMESPACE ? () => loadMachineTexts(lng) : namespaceFiles[`./${lng}/${ns}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (texts) => callback(null, texts as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

const coreTexts = new Map<string, Promise<Resource>>();

/** One language's first-screen namespaces, fetched once (start-up calls it before the config is in). */
export function preloadTexts(lng: Language): Promise<Resource> {
  let loading = coreTexts.get(lng);
  if (!loading) {
    const files = Object.entries(namespaceFiles).filter(([path]) => {
      const match = NAMESPACE_FILE.exec(path);
      return match?.[1] === lng && isCore(match[2] ?? '');
    });
    loading = Promise.all(files.map(async ([path, load]) => [path, await load()] as const)).then((loaded) =>
      buildResources(Object.fromEntries(loaded)),
    );
    // A failed fetch (offline at start-up) may be retried by the next call.
    loading.catch(() => coreTexts.delete(lng));
    coreTexts.set(lng, loading);
  }
  return loading;
}

export const i18n: I18n = i18next.createInstance();

function applyDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** The `language` storage key when valid, else the deployment's default. */
export function initialLanguage(defaultLanguage: Language = DEFAULT_LANGUAGE, storage: AppStorage = appStorage): Language {
  return storage.readLanguage() ?? defaultLanguage;
}

export interface InitI18nOptions {
  /** From the runtime configuration (`defaultLanguage`). */
  defaultLanguage?: Language;
  /** From the runtime configuration: every text may name them ({{businessHotline}}, …; core §8, §9). */
  hotlines?: AppConfig['hotlines'];
  storage?: AppStorage;
}

let storageInUse: AppStorage = appStorage;

function hotlineVariables(hotlines: AppConfig['hotlines']): Record<string, string> {
  return { authHotline: hotlines.auth, businessHotline: hotlines.business, posHotline: hotlines.pos };
}

export async function initI18n(options: InitI18nOptions = {}): Promise<typeof i18n> {
  storageInUse = options.storage ?? appStorage;
  const lng = initialLanguage(options.defaultLanguage ?? DEFAULT_LANGUAGE, storageInUse);
  if (!i18n.isInitialized) {
    const resources = await preloadTexts(lng);
    i18n.on('languageChanged', applyDocumentLanguage);
    await i18n
      .use(lazyNamespaces)
      .use(initReactI18next)
      .init({
        resources,
        partialBundledLanguages: true,
        lng,
        // vi and en have the same keys (resources.test.ts), so no fallback: a fallback language would
        // be downloaded at start-up beside the one in use.
        fallbackLng: false,
        supportedLngs: [...SUPPORTED_LANGUAGES],
        ns: [...CORE_NAMESPACES],
        defaultNS: 'common',
        // React escapes output itself; escaping here would double-encode Vietnamese diacritics.
        interpolation: {
          escapeValue: false,
          defaultVariables: hotlineVariables(options.hotlines ?? defaultConfig.hotlines),
        },
        returnNull: false,
        initAsync: false,
        showSupportNotice: false,
      });
  } else {
    if (options.hotlines)
      i18n.options.interpolation = { ...i18n.options.interpolation, defaultVariables: hotlineVariables(options.hotlines) };
    if (i18n.language !== lng) await i18n.changeLanguage(lng);
  }
  // Component tests render screens synchronously after init: give them every namespace up front.
  if (import.meta.env.MODE === 'test') await i18n.loadNamespaces([...NAMESPACES]);
  applyDocumentLanguage(i18n.language);
  return i18n;
}

/** Switches language, remembers it (`language` key) and updates `<html lang>`. */
export async function setLanguage(lng: Language): Promise<void> {
  const language = languageSchema.parse(lng);
  storageInUse.writeLanguage(language);
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

export function currentLanguage(): Language {
  const parsed = languageSchema.safeParse(i18n.resolvedLanguage ?? i18n.language);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
}
