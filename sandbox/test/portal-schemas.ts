// The portal's own zod schemas: every sandbox answer must satisfy what the portal will parse.
export {
  tokenPairSchema,
  userInfoSchema,
  businessProfileSchema,
  loginFailDataSchema,
  lockedDataSchema,
} from '../../src/services/schemas/auth';
export { appConfigSchema } from '../../src/config/schema';
