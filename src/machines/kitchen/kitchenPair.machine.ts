import type { KitchenClaimed } from '../../services/kitchen/schemas';
import { createPairCodeMachine } from '../shared/pair/pairCode';

/**
 * Pairing a kitchen device (beyond the spec; docs/areas/kitchen.md, D325): /kitchen asks for the
 * 6-digit code the cashier's screen shows and keeps the kitchen token it gets back, as a display does
 * (the shared pairing form, ../shared/pair/pairCode.ts).
 */
export const kitchenPairMachine = createPairCodeMachine<KitchenClaimed>({
  id: 'kitchenPair',
  claimingSays: 'The code is sent; the service answers a kitchen token or that the code is wrong, used or expired.',
  pairedSays: 'Paired: the kitchen shows its store’s tickets as they are sent.',
});
