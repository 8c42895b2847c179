// Worker entry for the export builder (export-builder.ts). Node starts a worker only from a .js or
// .mjs file and a worker does not inherit tsx's loader (neither under `tsx` nor under vitest), so this
// trampoline registers tsx in the worker thread, then loads the TypeScript job.
import { register } from 'tsx/esm/api';

register();
await import('./xlsx-job.ts');
