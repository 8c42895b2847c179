import { fromPromise } from 'xstate';
import type { ConnectionState, EdcDevice, LinkableVa } from './schemas';
import type { EdcApi, EdcPage, EdcPageQuery } from './index';

/**
 * The card machine machines' actors, for `machine.provide({ actors })` in src/app. Each passes the
 * actor's signal on, so leaving a state (closing the detail, a newer page) stops its request.
 */
export function createEdcActors(api: EdcApi) {
  return {
    loadEdcPage: fromPromise<EdcPage, EdcPageQuery>(({ input, signal }) => api.list(input, signal)),
    checkStatus: fromPromise<ConnectionState, { serialNumber: string }>(({ input, signal }) => api.checkStatus(input.serialNumber, signal)),
    activateSoundbox: fromPromise<EdcDevice, { serialNumber: string }>(({ input, signal }) => api.activate(input.serialNumber, signal)),
    loadLinkableVas: fromPromise<LinkableVa[], void>(({ signal }) => api.linkableVas(signal)),
    integrateEdc: fromPromise<EdcDevice, { vaAccountNo: string; posId: string }>(({ input, signal }) => api.integrate(input, signal)),
  };
}

export type EdcActors = ReturnType<typeof createEdcActors>;
