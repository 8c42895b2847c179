export * from './api';
export * from './actors';
export * from './attempts';
