import { createDevicePairingMachine, type DevicePairingContext, type DevicePairingEvent } from '../shared/pair/devicePairing';

/**
 * The cashier's kitchen screens (beyond the spec; D325), on /sale-display beside the displays: a code
 * for a kitchen device of the cashier's store, the paired kitchens with whether each is on screen now,
 * and unpairing one (a lost tablet). The shared device pairing (../shared/pair/devicePairing.ts), as the
 * customer display's.
 */
export type KitchenPairingContext = DevicePairingContext;
export type KitchenPairingEvent = DevicePairingEvent;

export const kitchenPairingMachine = createDevicePairingMachine('kitchenPairing');
