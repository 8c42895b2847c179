import { createDevicePairingMachine, type DevicePairingContext, type DevicePairingEvent } from '../shared/pair/devicePairing';

/**
 * The cashier's side of pairing a customer display (/sale-display; beyond the spec,
 * docs/areas/display.md "Pairing", D141–D143): the shared device pairing (../shared/pair/devicePairing.ts),
 * which the kitchen screen's pairing uses too (D325).
 */

export {
  PAIRING_POLL_MS,
  selectPairingBusy,
  selectPairingCode,
  selectPairingFailed,
  selectPairingLoading,
} from '../shared/pair/devicePairing';
export type DisplayPairingContext = DevicePairingContext;
export type DisplayPairingEvent = DevicePairingEvent;

export const displayPairingMachine = createDevicePairingMachine('displayPairing');
