export * from './api';
export * from './actors';
