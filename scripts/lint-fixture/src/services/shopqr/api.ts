// Allowed: shopqr declares bank (areas.json) and imports its public face.
import { accountCount } from '../bank';
// Planted (f): past the public face of a declared area.
import { fetchAccounts } from '../bank/api'; // lint-expect: (f)

export const linked = accountCount;
export const load = fetchAccounts;
