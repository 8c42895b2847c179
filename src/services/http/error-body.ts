import { z } from '../../config/zod-mini';

/** Every service's failure envelope: `{ error_code, message, data }` (docs/architecture.md "Wire contract"). */
export const errorBodySchema = z.object({
  error_code: z.optional(z.string()),
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
});
