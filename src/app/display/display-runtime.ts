import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { displayScreenMachine } from '../../machines/display/displayScreen.machine';
import { displaySlidesMachine } from '../../machines/display/displaySlides.machine';
import { displayDevice, keepScreenAwake } from '../../services/display/device';
import { followRelay } from '../../services/display/stream';
import { createDisplayReceiver } from '../../services/display/channel';
import { SLIDE_COUNT } from '../../screens/display/SlideView';
import { getRuntime } from '../shared/runtime';

/**
 * One display per page load, shared by the three /ecr pages (moving between them must not lose the
 * state or ask the cashier again). The display listens to the same browser's channel always, and to
 * the relay when this device is paired (a display token in its storage).
 */

type Listener = () => void;
let shopName: string | null = displayDevice.shopName();
const shopListeners = new Set<Listener>();
export const pairedShopName = {
  get: () => shopName,
  subscribe(listener: Listener) {
    shopListeners.add(listener);
    return () => shopListeners.delete(listener);
  },
};
function setShopName(name: string | null) {
  shopName = name;
  shopListeners.forEach((l) => l());
}

function createDisplay() {
  const { clients, inspect } = getRuntime();
  const logic = displayScreenMachine.provide({
    actors: {
      listen: fromCallback<AnyEventObject>(({ sendBack }) => {
        const receiver = createDisplayReceiver({ onMessage: (message) => sendBack({ type: 'MESSAGE', message }) });
        const token = displayDevice.token();
        const stopRelay = token
          ? followRelay({
              client: clients.sale,
              token,
              onMessage: (message) => sendBack({ type: 'MESSAGE', message }),
              onShopName: (name) => {
                displayDevice.saveShopName(name);
                setShopName(name);
              },
              onLink: (state) => {
                // The shop unpaired this device: the token opens nothing any more.
                if (state === 'revoked') displayDevice.forget();
                sendBack({ type: 'LINK.STATE', state });
              },
            })
          : () => {};
        return () => {
          receiver.close();
          stopRelay();
        };
      }),
      keepAwake: fromCallback<AnyEventObject>(() => keepScreenAwake()),
    },
  });
  return createActor(logic, { inspect }).start();
}

function reducedMotion(): boolean {
  try {
    return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

let display: ReturnType<typeof createDisplay> | null = null;
let slides: ReturnType<typeof createSlides> | null = null;

function createSlides() {
  const { inspect } = getRuntime();
  return createActor(displaySlidesMachine, { input: { count: SLIDE_COUNT, autoplay: !reducedMotion() }, inspect }).start();
}

export function getDisplay() {
  display ??= createDisplay();
  return display;
}

export function getSlides() {
  slides ??= createSlides();
  return slides;
}

/** After pairing: start again, so the display follows the relay with the new token. */
export function restartDisplay(): void {
  display?.stop();
  display = null;
  setShopName(displayDevice.shopName());
}
