import type { PairCreated, Pairing } from '../../../src/services/display/schemas';

export const code: PairCreated = { pairing_id: 7, pair_code: '123456', expires_at: 1_790_000_300 };
const pairing = (pairing_id: number, status: Pairing['status']): Pairing => ({
  pairing_id,
  status,
  created_at: 1_790_000_000,
  expires_at: status === 'PENDING' ? 1_790_000_300 : null,
  claimed_at: status === 'PAIRED' ? 1_790_000_010 : null,
  connected: status === 'PAIRED',
});
export const otherDisplay = pairing(3, 'PAIRED');
export const pendingList: Pairing[] = [pairing(7, 'PENDING'), otherDisplay];
export const claimedList: Pairing[] = [pairing(7, 'PAIRED'), otherDisplay];
export const expiredList: Pairing[] = [otherDisplay];
