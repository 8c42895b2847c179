export * from './schemas';
export * from './calls';
export * from './order-link';
