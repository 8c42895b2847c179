import { assign, fromPromise, raise, setup, stateIn } from 'xstate';
import type { Customer, CustomerBody, CustomerCreated } from '../../services/customers/schemas';
import { legacyProvince } from '../../rules/legacyProvinces';
import type { Place } from '../../services/shared/schemas/address';
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
import { nationalPhone } from '../../rules/phone';
import {
  tidyText,
  validateCustomerAddress,
  validateCustomerName,
  validateCustomerPhone,
  type CustomerFieldError,
  type CustomerTexts,
} from '../../rules/customers/customer';
import { defineForm, type FormFieldEvent, type FormState } from '../shared/form/form';

/**
 * /sale-customer/create and /sale-customer/update?id= (doc 2 §2, §3 Customer, §5 "name and phone
 * required", §7 POST /customer, PUT /customer/{id}). One machine for both: with an id it loads the
 * customer first (a failure says why, with a retry; another merchant's or a missing id is
 * CUSTOMER_NOT_EXIST). Name, phone (Vietnamese mobile, shared rule), street line and the shared
 * address pickers (../shared/address/cascade.ts, coded list, optional and clearable: D112). Points,
 * spending and orders are shown read-only on edit. Save with something missing or wrong marks the
 * fields and sends nothing; a refused save (PHONE_IS_EXIST…) keeps everything typed and says why
 * (toast and form). Saved: back to where the person came from (doc 2 §4), with a success toast.
 * The texts are the shared form (../shared/form/form.ts, D283); the address pickers stay the cascade's.
 */

/**
 * The three texts and their rules (doc 2 §5, D112): an over-long text or a control character is
 * said at once, a missing name or a wrong phone once Save was pressed.
 */
export const customerFormKit = defineForm<CustomerTexts, keyof CustomerTexts, CustomerFieldError>({
  rules: { name: validateCustomerName, phone: validateCustomerPhone, address: validateCustomerAddress },
  immediate: ['tooLong', 'invalidCharacters'],
});

export interface CustomerFormContext extends AddressCascade<string> {
  /** null: a new customer. */
  id: number | null;
  /** Name, phone and street line; what was typed stays through a refused save. */
  form: FormState<CustomerTexts>;
  /** The customer as loaded (points, spending, orders, code shown read-only). */
  customer: Customer | null;
  /** Why loading the customer failed. */
  loadError: string | null;
  /**
   * The address as saved on the list before 1 July 2025 (a district code was stored), kept as its
   * text: the form shows it and asks for today's ward (D239); null for an address on today's list.
   */
  legacyAddress: string | null;
}

export type CustomerFormEvent =
  FormFieldEvent<CustomerTexts> | AddressCascadeEvent<string> | { type: 'ADDRESS.PREFILL' } | { type: 'RETRY' } | { type: 'SUBMIT' };

export type CustomerFormTag = 'loading' | 'busy' | 'saved' | 'loadFailed';

/** An address saved on the old list whose province is chosen again needs today's ward (D239). */
export const legacyWardMissing = (c: Pick<CustomerFormContext, 'legacyAddress' | 'cityId' | 'wardId'>) =>
  c.legacyAddress !== null && c.cityId !== null && c.wardId === null;

export const customerFormValid = (c: CustomerFormContext) => customerFormKit.valid(c.form.values) && !legacyWardMissing(c);

/** The body of POST /customer and PUT /customer/{id}: tidied texts, the national phone, '' for a level not chosen and no district (D239). */
export function customerBody(c: CustomerFormContext): CustomerBody {
  const { name, phone, address } = c.form.values;
  return {
    name: tidyText(name),
    phone_number: nationalPhone(phone) ?? phone,
    province_code: c.cityId ?? '',
    district_code: '',
    ward_code: c.wardId ?? '',
    address: tidyText(address),
  };
}

const orNull = (code: string) => (code === '' ? null : code);

export const customerFormMachine = setup({
  types: {
    context: {} as CustomerFormContext,
    events: {} as CustomerFormEvent,
    tags: {} as CustomerFormTag,
    input: {} as { id: number | null },
  },
  actors: {
    loadCustomer: fromPromise<Customer, { id: number }>(async () => {
      throw notProvided('loadCustomer');
    }),
    createCustomer: fromPromise<CustomerCreated, CustomerBody>(async () => {
      throw notProvided('createCustomer');
    }),
    updateCustomer: fromPromise<Customer, { id: number; body: CustomerBody }>(async () => {
      throw notProvided('updateCustomer');
    }),
    loadCities: fromPromise<Place<string>[], void>(async () => {
      throw notProvided('loadCities');
    }),
    loadWards: fromPromise<Place<string>[], { cityId: string }>(async () => {
      throw notProvided('loadWards');
    }),
  },
  actions: {
    assignCustomer: assign(({ context }, params: { customer: Customer }) => {
      const c = params.customer;
      // A district code: saved on the list before 1 July 2025. Its province becomes today's (Resolution
      // 202/2025/QH15), its ward is to choose again; the old text stays on screen meanwhile (D239).
      const legacy = c.district_code !== '';
      return {
        customer: c,
        form: customerFormKit.load(context.form, { name: c.name, phone: c.phone_number, address: c.address }),
        cityId: legacy ? (legacyProvince(c.province_code)?.now ?? null) : orNull(c.province_code),
        wardId: legacy ? null : orNull(c.ward_code),
        legacyAddress: legacy ? c.full_address : null,
        loadError: null,
      };
    }),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: errorCode(params.error) })),
    raisePrefill: raise({ type: 'ADDRESS.PREFILL' as const }),
    changeField: assign(({ context }, params: { field: keyof CustomerTexts; value: string }) => ({
      form: customerFormKit.change(context.form, params.field, params.value),
    })),
    blurField: assign(({ context }, params: { field: keyof CustomerTexts }) => ({
      form: customerFormKit.blur(context.form, params.field),
    })),
    // A new choice, like a new text, clears the last save failure.
    assignCity: assign(({ context }, params: { id: string | null }) => ({
      ...chooseCity(params.id),
      form: { ...context.form, saveError: null },
    })),
    assignWard: assign(({ context }, params: { id: string | null }) => ({ wardId: params.id, form: { ...context.form, saveError: null } })),
    assignCities: assign((_, params: { options: Place<string>[] }) => loadedCities(params.options)),
    assignWards: assign((_, params: { options: Place<string>[] }) => loadedWards(params.options)),
    assignCitiesError: assign((_, params: { error: unknown }) => failedCities(params.error)),
    assignWardsError: assign((_, params: { error: unknown }) => failedWards(params.error)),
    showErrors: assign(({ context }) => ({ form: customerFormKit.refuse(context.form) })),
    assignError: assign(({ context }, params: { error: unknown }) => ({ form: customerFormKit.failed(context.form, params.error) })),
    // Provided by the app: the success toast.
    notifySaved: (_, _params: { name: string; created: boolean }) => {},
    // Provided by the app: the failure toast ("add / update customer failed", core §8 texts by code).
    notifySaveFailed: (_, _params: { code: string; created: boolean }) => {},
    // Provided by the app: back to the page the person came from (doc 2 §4), the list by default.
    goBack: () => {},
  },
  guards: {
    editable: stateIn({ form: 'editing' }),
    ...cascadeGuards,
    isEdit: ({ context }) => context.id !== null,
    formValid: ({ context }) => customerFormValid(context),
  },
}).createMachine({
  id: 'customerForm',
  type: 'parallel',
  context: ({ input }) => ({
    id: input.id,
    form: customerFormKit.initial({ name: '', phone: '', address: '' }),
    customer: null,
    ...emptyCascade<string>(),
    loadError: null,
    legacyAddress: null,
  }),
  states: {
    form: {
      initial: 'start',
      states: {
        start: {
          always: [{ guard: 'isEdit', target: 'loading', description: 'An edit: the customer first.' }, { target: 'editing' }],
        },
        loading: {
          tags: ['loading'],
          description: 'GET /customer/{id}; the fields wait.',
          invoke: {
            id: 'loadCustomer',
            src: 'loadCustomer',
            input: ({ context }) => ({ id: context.id ?? 0 }),
            onDone: {
              target: 'editing',
              actions: [{ type: 'assignCustomer', params: ({ event }) => ({ customer: event.output }) }, 'raisePrefill'],
            },
            onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadFailed: {
          tags: ['loadFailed'],
          description: 'Why the customer could not be loaded, with a retry (a missing one: CUSTOMER_NOT_EXIST).',
          on: { RETRY: 'loading' },
        },
        editing: {
          on: {
            'FIELD.CHANGE': { actions: { type: 'changeField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
            'FIELD.BLUR': { actions: { type: 'blurField', params: ({ event }) => ({ field: event.field }) } },
            'WARD.CHANGE': [
              { guard: 'wardCleared', actions: { type: 'assignWard', params: () => ({ id: null }) } },
              { guard: 'wardKnown', actions: { type: 'assignWard', params: ({ event }) => ({ id: event.id }) } },
            ],
            SUBMIT: [
              { guard: 'formValid', target: 'saving' },
              { actions: 'showErrors', description: 'Something is missing or wrong: every field says what; nothing is sent.' },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'isEdit', target: 'updating' }, { target: 'creating' }] },
            creating: {
              description: 'POST /customer; the fields and pickers are disabled.',
              invoke: {
                id: 'createCustomer',
                src: 'createCustomer',
                input: ({ context }) => customerBody(context),
                onDone: {
                  target: '#customerForm.form.saved',
                  actions: [
                    { type: 'notifySaved', params: ({ context }) => ({ name: tidyText(context.form.values.name), created: true }) },
                    'goBack',
                  ],
                },
                onError: {
                  target: '#customerForm.form.editing',
                  actions: [
                    { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                    { type: 'notifySaveFailed', params: ({ event }) => ({ code: errorCode(event.error), created: true }) },
                  ],
                },
              },
            },
            updating: {
              description: 'PUT /customer/{id}; the fields and pickers are disabled.',
              invoke: {
                id: 'updateCustomer',
                src: 'updateCustomer',
                input: ({ context }) => ({ id: context.id ?? 0, body: customerBody(context) }),
                onDone: {
                  target: '#customerForm.form.saved',
                  actions: [{ type: 'notifySaved', params: ({ event }) => ({ name: event.output.name, created: false }) }, 'goBack'],
                },
                onError: {
                  target: '#customerForm.form.editing',
                  actions: [
                    { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                    { type: 'notifySaveFailed', params: ({ event }) => ({ code: errorCode(event.error), created: false }) },
                  ],
                },
              },
            },
          },
        },
        saved: { tags: ['saved'], description: 'Saved; the app has gone back.' },
      },
    },
    ...cascadeRegions({ prefill: true, clearable: true }),
  },
});

type Snapshot = { context: CustomerFormContext; hasTag(tag: CustomerFormTag): boolean; matches(value: unknown): boolean };

/** What the screen reads (tags and context; no state names outside this file). */
export const selectCustomerForm = (s: Snapshot) => s.context;
export const selectSaving = (s: Snapshot) => s.hasTag('busy');
export const selectLoadingCustomer = (s: Snapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: Snapshot) => s.hasTag('loadFailed');
export const selectListLoading = (s: Snapshot) => ({
  cities: s.matches({ cities: 'loading' }),
  wards: s.matches({ wards: 'loading' }),
});
