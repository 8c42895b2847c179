import type { ZodType } from 'zod';

// Parsed values are loosely typed here; the run-time parse is the check that matters.
type Schema = ZodType<any>;

/**
 * The portal's own zod schemas, which the sandbox's answers must satisfy. Loaded by a computed path
 * because tsconfig.node.json is a composite project that may not pull src/ files into its program
 * (TS6307); vitest resolves the path at run time all the same.
 */
const load = async (path: string) => (await import(/* @vite-ignore */ path)) as Record<string, Schema>;

const auth = await load('../../src/services/schemas/auth');
const config = await load('../../src/config/schema');

const pick = (module: Record<string, Schema>, name: string): Schema => {
  const schema = module[name];
  if (!schema) throw new Error(`schema ${name} not found in the portal's source`);
  return schema;
};

export const tokenPairSchema = pick(auth, 'tokenPairSchema');
export const userInfoSchema = pick(auth, 'userInfoSchema');
export const businessProfileSchema = pick(auth, 'businessProfileSchema');
export const loginFailDataSchema = pick(auth, 'loginFailDataSchema');
export const lockedDataSchema = pick(auth, 'lockedDataSchema');
export const appConfigSchema = pick(config, 'appConfigSchema');
