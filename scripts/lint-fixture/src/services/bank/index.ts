// The bank area's public face in the services layer.
export { accountCount, fetchAccounts } from './api';
