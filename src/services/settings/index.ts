export * from './api';
export * from './actors';
export { saleMerchantSchema, type SaleMerchant, type SaleMerchantPatch } from './schemas';
