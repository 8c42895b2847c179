import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { displayLookMachine } from '../../machines/display/displayLook.machine';
import { displayScreenMachine } from '../../machines/display/displayScreen.machine';
import { displaySlidesMachine } from '../../machines/display/displaySlides.machine';
import { displayDevice, keepScreenAwake } from '../../services/display/device';
import { followRelay } from '../../services/display/stream';
import { createDisplayReceiver } from '../../services/display/channel';
import { createDisplayLookApi } from '../../services/display/api';
import type { DisplayLookAnswer } from '../../services/display/schemas';
import { SLIDE_COUNT, slideCount } from '../../screens/display/SlideView';
import type { AppScope } from '../shared/composition';
import type { Runtime } from '../shared/runtime';

/**
 * One display per runtime, shared by the three /ecr pages (moving between them must not lose the
 * state or ask the cashier again), kept in the app scope (D279). The display listens to the same
 * browser's channel always, and to the relay when this device is paired (a display token in its storage).
 */

type Listener = () => void;

/** The shop name the relay gave this paired device, which the display shows without a sign-in. */
function createPairedShopName() {
  let shopName: string | null = displayDevice.shopName();
  const listeners = new Set<Listener>();
  return {
    get: () => shopName,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(name: string | null) {
      shopName = name;
      listeners.forEach((l) => l());
    },
  };
}

type PairedShopName = ReturnType<typeof createPairedShopName>;

function createDisplay({ clients, inspect }: Runtime, pairedShopName: PairedShopName) {
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
                pairedShopName.set(name);
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

function createSlides({ inspect }: Runtime) {
  return createActor(displaySlidesMachine, { input: { count: SLIDE_COUNT, autoplay: !reducedMotion() }, inspect }).start();
}

/**
 * The shop's screen customisation (D296), read with this device's display token when it is paired,
 * else with the session of this browser (no session: nothing is asked, the text slides stay). The
 * carousel gets one slide per banner.
 */
function createLook({ clients, inspect }: Runtime, slides: () => ReturnType<typeof createSlides>) {
  const api = createDisplayLookApi(clients.sale, displayDevice.token());
  const logic = displayLookMachine.provide({
    actors: { loadLook: fromPromise<DisplayLookAnswer>(({ signal }) => api.look(signal)) },
  });
  const actor = createActor(logic, { inspect });
  actor.subscribe((snapshot) => slides().send({ type: 'COUNT', count: slideCount(snapshot.context.look) }));
  return { actor: actor.start(), loadImage: api.image };
}

export const displayOf = ({ runtime }: AppScope) => {
  const pairedShopName = createPairedShopName();
  let display: ReturnType<typeof createDisplay> | null = null;
  let slides: ReturnType<typeof createSlides> | null = null;
  let look: ReturnType<typeof createLook> | null = null;
  const slidesActor = () => (slides ??= createSlides(runtime));
  return {
    pairedShopName,
    display() {
      display ??= createDisplay(runtime, pairedShopName);
      return display;
    },
    slides: slidesActor,
    look() {
      look ??= createLook(runtime, slidesActor);
      return look;
    },
    /** After pairing: start again, so the display follows the relay and reads the look with the new token. */
    restart(): void {
      display?.stop();
      display = null;
      look?.actor.stop();
      look = null;
      pairedShopName.set(displayDevice.shopName());
    },
  };
};
