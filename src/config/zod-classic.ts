// zod (classic API) with the eval probe off (see zod-jitless.ts); import zod from here, never directly.
import './zod-jitless';

export { z } from 'zod';
