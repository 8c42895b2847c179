import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appConfigSchema } from '../../src/config/schema';

/**
 * The app's own texts (src/i18n/<lang>/<ns>.json), so tests find elements by the words a person
 * sees in either language without copying them. `t('vi', 'auth:login.submit')`.
 */
export type Lang = 'vi' | 'en';

/**
 * Every text may name the hotlines ({{businessHotline}}, …), which the portal fills from its runtime
 * configuration (src/i18n/index.ts). The sandbox serves the configuration's defaults, so these do.
 */
const { hotlines } = appConfigSchema.parse({});
const DEFAULT_PARAMS: Record<string, string> = {
  authHotline: hotlines.auth,
  businessHotline: hotlines.business,
  posHotline: hotlines.pos,
};

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function load(lang: Lang, ns: string): Tree {
  const key = `${lang}/${ns}`;
  let tree = cache.get(key);
  if (!tree) {
    const file = fileURLToPath(new URL(`../../src/i18n/${lang}/${ns}.json`, import.meta.url));
    // A namespace may be a folder of one file per area (`machines`: the inspector's texts), merged
    // the way src/i18n/index.ts merges them.
    const folder = fileURLToPath(new URL(`../../src/i18n/${lang}/${ns}/`, import.meta.url));
    tree = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Tree)
      : (Object.assign(
          {},
          ...readdirSync(folder)
            .filter((name) => name.endsWith('.json'))
            .sort()
            .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Tree),
        ) as Tree);
    cache.set(key, tree);
  }
  return tree;
}

export function t(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: string | Tree | undefined = load(lang, ns);
  for (const part of path.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`e2e i18n: no text ${lang}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = params[name] ?? DEFAULT_PARAMS[name];
    if (value === undefined) throw new Error(`e2e i18n: ${lang}:${key} needs {{${name}}}`);
    return String(value);
  });
}

/** A text as a RegExp that tolerates surrounding text; interpolations become wildcards unless given. */
export function tRegex(lang: Lang, key: string, params: Record<string, string | number> = {}): RegExp {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: string | Tree | undefined = load(lang, ns);
  for (const part of path.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  if (typeof node !== 'string') throw new Error(`e2e i18n: no text ${lang}:${key}`);
  const escaped = node
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((piece) => {
      const m = /^\{\{\s*(\w+)\s*\}\}$/.exec(piece);
      if (!m) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const value = params[m[1]!] ?? DEFAULT_PARAMS[m[1]!];
      return value === undefined ? '.+?' : String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(escaped);
}
