import { assign, fromPromise, setup, stateIn } from 'xstate';
import {
  MAX_ADDRESS_LINE_LENGTH,
  MAX_STORE_NAME_LENGTH,
  NO_DISTRICT,
  VIETNAM_COUNTRY_ID,
  type AddStoreBody,
  type Store,
} from '../../services/stores/schemas';
import type { AddressOption } from '../../services/shared/schemas/address';
import {
  cascadeGuards,
  cascadeRegions,
  chooseCity,
  emptyCascade,
  failedCities,
  failedWards,
  loadedCities,
  loadedWards,
  type AddressCascade,
  type AddressCascadeEvent,
} from '../shared/address/cascade';
import { errorCode, notProvided } from '../../rules/serviceError';
import { cleanTaxNoInput, taxNoProblem } from './rules/taxNo';

/**
 * /store/add (core §2, §3 Store, §5 Store and Inputs, §7 POST /store, /address/*, §8 "add store
 * fail"): name, tax number, street line and the address pickers (province, then ward: D239). The country is fixed at 1
 * (Vietnam); the pickers are the shared address cascade (../shared/address/cascade.ts). The tax number keeps
 * only digits and hyphens, typed or pasted. Save with a field missing or wrong marks the fields and
 * stays; a refused save keeps everything and says why (toast and form). Saved: the list, with a
 * success toast (the route's `notifyAdded` and `goToStoreList`).
 */

export interface StoreAddContext extends AddressCascade<number> {
  name: string;
  taxNo: string;
  /** The last change to the tax number dropped characters other than digits and hyphens. */
  taxNoFiltered: boolean;
  addressLine: string;
  /** Save was pressed with something missing or wrong: every field says what. */
  showErrors: boolean;
  /** Why the last save failed; what was typed stays. */
  errorCode: string | null;
}

export type StoreAddEvent =
  | { type: 'NAME.CHANGE'; value: string }
  | { type: 'TAX_NO.CHANGE'; value: string }
  | { type: 'ADDRESS_LINE.CHANGE'; value: string }
  | AddressCascadeEvent<number>
  | { type: 'SUBMIT' };

export type StoreFieldProblem = 'required' | 'tooLong' | null;

export function textProblem(value: string, max: number): StoreFieldProblem {
  if (value.trim() === '') return 'required';
  if (value.trim().length > max) return 'tooLong';
  return null;
}

/** Every field as core §5 asks (the check digit is only a warning and does not count). */
export function storeFormValid(c: StoreAddContext): boolean {
  return (
    textProblem(c.name, MAX_STORE_NAME_LENGTH) === null &&
    taxNoProblem(c.taxNo) === null &&
    textProblem(c.addressLine, MAX_ADDRESS_LINE_LENGTH) === null &&
    c.cityId !== null &&
    c.wardId !== null
  );
}

export function storeBody(c: StoreAddContext): AddStoreBody {
  return {
    name: c.name.trim(),
    tax_no: c.taxNo,
    address_line_1: c.addressLine.trim(),
    country_id: VIETNAM_COUNTRY_ID,
    city_id: c.cityId ?? 0,
    // No districts since 1 July 2025 (D239): the spec's body keeps the field, 0 says "none".
    district_id: NO_DISTRICT,
    ward_id: c.wardId ?? 0,
  };
}

export const storeAddMachine = setup({
  types: {
    context: {} as StoreAddContext,
    events: {} as StoreAddEvent,
    tags: {} as 'busy' | 'saved',
  },
  actors: {
    loadCities: fromPromise<AddressOption[], void>(async () => {
      throw notProvided('loadCities');
    }),
    loadWards: fromPromise<AddressOption[], { cityId: number }>(async () => {
      throw notProvided('loadWards');
    }),
    addStore: fromPromise<Store, AddStoreBody>(async () => {
      throw notProvided('addStore');
    }),
  },
  actions: {
    assignName: assign((_, params: { value: string }) => ({ name: params.value, errorCode: null })),
    assignTaxNo: assign((_, params: { value: string }) => {
      const taxNo = cleanTaxNoInput(params.value);
      return { taxNo, taxNoFiltered: taxNo !== params.value, errorCode: null };
    }),
    assignAddressLine: assign((_, params: { value: string }) => ({ addressLine: params.value, errorCode: null })),
    assignCity: assign((_, params: { id: number | null }) => ({ ...chooseCity(params.id), errorCode: null })),
    assignWard: assign((_, params: { id: number | null }) => ({ wardId: params.id, errorCode: null })),
    assignCities: assign((_, params: { options: AddressOption[] }) => loadedCities(params.options)),
    assignWards: assign((_, params: { options: AddressOption[] }) => loadedWards(params.options)),
    assignCitiesError: assign((_, params: { error: unknown }) => failedCities(params.error)),
    assignWardsError: assign((_, params: { error: unknown }) => failedWards(params.error)),
    showErrors: assign({ showErrors: true }),
    assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) })),
    // Provided by the app: the success toast and the shared stores lookup's invalidation.
    notifyAdded: (_, _params: { store: Store }) => {},
    // Provided by the app: core §8 "add store fail" toast.
    notifyAddFailed: (_, _params: { code: string }) => {},
    // Provided by the app: navigate to /store.
    goToStoreList: () => {},
  },
  guards: {
    editable: stateIn({ form: 'editing' }),
    // Only another entry of the list on offer: a stale or forged id, or the one already chosen, changes nothing.
    ...cascadeGuards,
    formValid: ({ context }) => storeFormValid(context),
  },
}).createMachine({
  id: 'storeAdd',
  type: 'parallel',
  context: {
    name: '',
    taxNo: '',
    taxNoFiltered: false,
    addressLine: '',
    ...emptyCascade<number>(),
    showErrors: false,
    errorCode: null,
  },
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'NAME.CHANGE': { actions: { type: 'assignName', params: ({ event }) => ({ value: event.value }) } },
            'TAX_NO.CHANGE': { actions: { type: 'assignTaxNo', params: ({ event }) => ({ value: event.value }) } },
            'ADDRESS_LINE.CHANGE': { actions: { type: 'assignAddressLine', params: ({ event }) => ({ value: event.value }) } },
            'WARD.CHANGE': {
              guard: 'wardKnown',
              actions: { type: 'assignWard', params: ({ event }) => ({ id: event.id }) },
            },
            SUBMIT: [
              { guard: 'formValid', target: 'submitting' },
              { actions: 'showErrors', description: 'Something is missing or wrong: every field says what; nothing is sent.' },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          description: 'POST /store; the fields and pickers are disabled.',
          invoke: {
            id: 'addStore',
            src: 'addStore',
            input: ({ context }) => storeBody(context),
            onDone: {
              target: 'saved',
              actions: [{ type: 'notifyAdded', params: ({ event }) => ({ store: event.output }) }, 'goToStoreList'],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notifyAddFailed', params: ({ event }) => ({ code: errorCode(event.error) }) },
              ],
            },
          },
        },
        saved: { tags: ['saved'], description: 'Added; the app has gone to the list.' },
      },
    },
    ...cascadeRegions(),
  },
});

type Snapshot = { context: StoreAddContext; hasTag(tag: 'busy' | 'saved'): boolean; matches(value: unknown): boolean };

/** What the screen reads (tags and context; no state names outside this file). */
export const selectStoreForm = (s: Snapshot) => s.context;
export const selectSaving = (s: Snapshot) => s.hasTag('busy');
export const selectListLoading = (s: Snapshot) => ({
  cities: s.matches({ cities: 'loading' }),
  wards: s.matches({ wards: 'loading' }),
});
