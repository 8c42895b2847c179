import { kitchenPairingMachine } from '../../../src/machines/kitchen/kitchenPairing.machine';
import { describeDevicePairingModel } from '../shared/device-pairing';

describeDevicePairingModel('kitchenPairing', kitchenPairingMachine, {
  code: { pairing_id: 7, pair_code: '123456', expires_at: 1_790_000_300, store_id: 2 },
  extra: { store_id: 2 },
  limitCode: 'KITCHEN_LIMIT',
});
