import { displayPairingMachine } from '../../../src/machines/display/displayPairing.machine';
import { describeDevicePairingModel } from '../shared/device-pairing';

describeDevicePairingModel('displayPairing', displayPairingMachine, {
  code: { pairing_id: 7, pair_code: '123456', expires_at: 1_790_000_300 },
  limitCode: 'DISPLAY_LIMIT',
});
