// zod/mini with the eval probe off (see zod-jitless.ts); import zod from here, never directly.
import './zod-jitless';

export { z, safeParse } from 'zod/mini';
