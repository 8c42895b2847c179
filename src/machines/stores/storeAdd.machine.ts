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
import { cleanTaxNoInput, taxNoProblem, type TaxNoProblem } from './rules/taxNo';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /store/add (core §2, §3 Store, §5 Store and Inputs, §7 POST /store, /address/*, §8 "add store
 * fail"): name, tax number, street line and the address pickers (province, then ward: D239). The country is fixed at 1
 * (Vietnam); the pickers are the shared address cascade (../shared/address/cascade.ts). The tax number keeps
 * only digits and hyphens, typed or pasted. Save with a field missing or wrong marks the fields and
 * stays; a refused save keeps everything and says why (toast and form). Saved: the list, with a
 * success toast (the route's `notifyAdded` and `goToStoreList`). The texts are the shared form
 * (../shared/form/form.ts, D283); the pickers stay the cascade's.
 */

export interface StoreTexts {
  name: string;
  taxNo: string;
  addressLine: string;
}

export type StoreFieldProblem = 'required' | 'tooLong' | null;

export function textProblem(value: string, max: number): StoreFieldProblem {
  if (value.trim() === '') return 'required';
  if (value.trim().length > max) return 'tooLong';
  return null;
}

/**
 * core §5 Store and Inputs: every text required; an over-long text, a character other than a digit
 * or hyphen and a tax number too short are said while typing, a missing one once Save was pressed.
 */
export const storeFormKit = defineForm<StoreTexts, keyof StoreTexts, NonNullable<StoreFieldProblem | TaxNoProblem>>({
  rules: {
    name: (value) => textProblem(value, MAX_STORE_NAME_LENGTH),
    taxNo: taxNoProblem,
    addressLine: (value) => textProblem(value, MAX_ADDRESS_LINE_LENGTH),
  },
  immediate: ['tooLong', 'tooShort', 'characters'],
});

export interface StoreAddContext extends AddressCascade<number> {
  form: FormState<StoreTexts>;
  /** The last change to the tax number dropped characters other than digits and hyphens. */
  taxNoFiltered: boolean;
}

export type StoreAddEvent = FormFieldEvent<StoreTexts> | AddressCascadeEvent<number> | { type: 'SUBMIT' };

/** Every field as core §5 asks (the check digit is only a warning and does not count). */
export function storeFormValid(c: StoreAddContext): boolean {
  return storeFormKit.valid(c.form.values) && c.cityId !== null && c.wardId !== null;
}

export function storeBody(c: StoreAddContext): AddStoreBody {
  const { name, taxNo, addressLine } = c.form.values;
  return {
    name: name.trim(),
    tax_no: taxNo,
    address_line_1: addressLine.trim(),
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
    changeField: assign(({ context }, params: { field: keyof StoreTexts; value: string }) => {
      if (params.field !== 'taxNo') return { form: storeFormKit.change(context.form, params.field, params.value) };
      // core §5 Inputs: only digits and hyphens are kept, typed or pasted.
      const taxNo = cleanTaxNoInput(params.value);
      return { form: storeFormKit.change(context.form, 'taxNo', taxNo), taxNoFiltered: taxNo !== params.value };
    }),
    blurField: assign(({ context }, params: { field: keyof StoreTexts }) => ({ form: storeFormKit.blur(context.form, params.field) })),
    // A new choice, like a new text, clears the last save failure.
    assignCity: assign(({ context }, params: { id: number | null }) => ({
      ...chooseCity(params.id),
      form: { ...context.form, saveError: null },
    })),
    assignWard: assign(({ context }, params: { id: number | null }) => ({ wardId: params.id, form: { ...context.form, saveError: null } })),
    assignCities: assign((_, params: { options: AddressOption[] }) => loadedCities(params.options)),
    assignWards: assign((_, params: { options: AddressOption[] }) => loadedWards(params.options)),
    assignCitiesError: assign((_, params: { error: unknown }) => failedCities(params.error)),
    assignWardsError: assign((_, params: { error: unknown }) => failedWards(params.error)),
    showErrors: assign(({ context }) => ({ form: storeFormKit.refuse(context.form) })),
    assignError: assign(({ context }, params: { error: unknown }) => ({ form: storeFormKit.failed(context.form, params.error) })),
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
    form: storeFormKit.initial({ name: '', taxNo: '', addressLine: '' }),
    taxNoFiltered: false,
    ...emptyCascade<number>(),
  },
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
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
