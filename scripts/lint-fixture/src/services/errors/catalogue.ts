export const errorCodes = ['BANK_ACCOUNT_EXISTS'] as const;
