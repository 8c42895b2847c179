// The portal's own zod schemas: every sandbox answer must satisfy what the portal will parse.
export {
  tokenPairSchema,
  userInfoSchema,
  businessProfileSchema,
  loginFailDataSchema,
  lockedDataSchema,
} from '../../../src/services/shared/schemas/auth';
export { appConfigSchema } from '../../../src/config/schema';
export {
  transactionRowSchema,
  installmentRowSchema,
  savingRowSchema,
  rowSchemaFor,
  transactionListSchema,
  CHANNEL_CONFIG,
  REPORT_CHANNELS,
  TRANSACTION_STATUSES,
} from '../../../src/services/reports/schemas/transactions';
export { dashboardChunkSchema } from '../../../src/services/reports/schemas/dashboard';
export { storeOptionSchema } from '../../../src/services/shared/schemas/stores';
