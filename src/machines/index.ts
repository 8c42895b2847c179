export * from './session.machine';
export * from './login.machine';
export * from './forgotPassword.machine';
export * from './resetPassword.machine';
export { errorCode, UNKNOWN_ERROR } from './serviceError';
export * from './rules';
export * from './reportList.machine';
export * from './dashboard.machine';
export * from './export.machine';
