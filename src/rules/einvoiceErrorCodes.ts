/** The e-invoice codes the adapters and the backend client reject with (docs/areas/einvoice.md; D188), beyond the shared local ones. */
export const EINVOICE_ERROR_CODES = [
  'EINV_TAX_CODE_INVALID',
  'EINV_LOGIN_FAIL',
  'EINV_SERIAL_INVALID',
  /** The saved serial's year is not the invoice date's (D230): a 2027 invoice never goes out on a "26" serial. */
  'EINV_SERIAL_YEAR',
  'EINV_SSO_NOT_LINKED',
  'EINV_SSO_FAILED',
  'EINV_SSO_UNSUPPORTED',
  'EINV_DECLARATION_PENDING',
  'EINV_SIGN_REFUSED',
  'EINV_PDF_NOT_READY',
  'EINV_PROVIDER_DOWN',
  'EINV_TOKEN_EXPIRED',
  'EINV_INVOICE_REFUSED',
  'EINV_NOT_SET_UP',
  'EIV_CODE_UNKNOWN',
  'ORDER_NOT_COMPLETED',
  'INVOICE_ALREADY_EXPORTED',
  /** The provider will not correct this original (D244): params {reason}. */
  'EINV_CORRECTION_REFUSED',
  /** POST /order/{id}/einvoice/retry on a job that is queued or issued (D250): nothing to retry. */
  'EINV_JOB_NOT_FAILED',
] as const;
export type EinvoiceErrorCode = (typeof EINVOICE_ERROR_CODES)[number];
