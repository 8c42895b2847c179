export * from './actors';
export * from './terms-cookie';
