import type { PairClaimed } from '../../services/display/schemas';
import {
  createPairCodeMachine,
  pairCodeFormKit,
  type PairCodeContext,
  type PairCodeEvent,
  type PairCodeInput,
  type PairCodeValues,
} from '../shared/pair/pairCode';

/**
 * Pairing a display device (beyond the spec; docs/areas/display.md "Pairing", D141): the device
 * opens /ecr-slide?pair (or ?pair=123456 from the cashier's QR) and sends the 6-digit code the
 * cashier's screen shows; the service answers a display token, which the route keeps (`storeToken`)
 * before the display starts following the relay. The flow is the shared pairing form's
 * (../shared/pair/pairCode.ts, D325), which the kitchen screen pairs with too.
 */

export { PAIR_CODE_DIGITS, selectPairBusy, selectPairPaired } from '../shared/pair/pairCode';
export type DisplayPairInput = PairCodeInput;
export type DisplayPairValues = PairCodeValues;
export type DisplayPairContext = PairCodeContext;
export type DisplayPairEvent = PairCodeEvent;
export const displayPairFormKit = pairCodeFormKit;

export const displayPairMachine = createPairCodeMachine<PairClaimed>({
  id: 'displayPair',
  claimingSays: 'The code is sent; the service answers a display token or that the code is wrong, used or expired.',
  pairedSays: 'Paired: the display follows the cashier’s screen through the relay.',
});
