import i18next, { type i18n as I18n, type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appStorage, languageSchema, type AppStorage, type Language } from '../services/storage';

export type { Language } from '../services/storage';
export const SUPPORTED_LANGUAGES: readonly Language[] = ['vi', 'en'];
export const DEFAULT_LANGUAGE: Language = 'vi';

/**
 * Every src/i18n/<lng>/<ns>.json is picked up, so a new namespace needs no change here. Eager:
 * the texts are small and must be there for the first paint (no flash of keys).
 */
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

export function buildResources(modules: Record<string, Record<string, unknown>>): Resource {
  const resources: Record<string, ResourceLanguage> = {};
  for (const [path, content] of Object.entries(modules)) {
    const match = /^\.\/([a-z]{2})\/([A-Za-z0-9_-]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    (resources[lng] ??= {})[ns] = content;
  }
  return resources;
}

export const resources: Resource = buildResources(files);
export const NAMESPACES: readonly string[] = [
  ...new Set(Object.values(resources).flatMap((byNs) => Object.keys(byNs))),
].sort();

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
  storage?: AppStorage;
}

let storageInUse: AppStorage = appStorage;

export async function initI18n(options: InitI18nOptions = {}): Promise<typeof i18n> {
  storageInUse = options.storage ?? appStorage;
  const lng = initialLanguage(options.defaultLanguage ?? DEFAULT_LANGUAGE, storageInUse);
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', applyDocumentLanguage);
    await i18n.use(initReactI18next).init({
      resources,
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      // React escapes output itself; escaping here would double-encode Vietnamese diacritics.
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
  } else if (i18n.language !== lng) {
    await i18n.changeLanguage(lng);
  }
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
