export * from './api';
export * from './actors';
export * from './schemas';
