export * from './errors';
export * from './envelope';
export * from './auth-port';
export * from './client';
export * from './session-auth-port';
export * from './exchanged-token';
export * from './clients';
