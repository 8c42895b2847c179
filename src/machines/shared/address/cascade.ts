import { and, type AnyStateNodeConfig } from 'xstate';
import type { Place } from '../../../services/shared/schemas/address';
import { errorCode } from '../../../rules/serviceError';

/**
 * The province → ward pickers (core §5 Store, doc 2 §3 Customer address, D239) as a
 * machine fragment every form with an address is built from (stores, customers). Since 1 July 2025
 * Vietnam has two tiers, 34 provinces and centrally run cities then 3,321 wards and communes, and no
 * districts (D239 replaces D93's three levels). The provinces load at once, a province's wards when it
 * is chosen; choosing another province clears the ward and loads the next list (re-entering `loading`
 * stops the older request, so its answer never lands), and each list that fails to load says so with
 * its own retry. Only an entry of the list on offer is taken: a stale or forged id changes nothing.
 * (The fields keep the names of the calls' bodies: `cityId` is the store's city_id, the customer's
 * province_code.)
 *
 * A form machine puts `cities` and `wards` (from `cascadeRegions()`) beside its own `form` region,
 * whose editing state takes WARD.CHANGE (guard `wardKnown`, action `assignWard`); it names in `setup()`
 * the actors `loadCities`, `loadWards`, the actions below (one-liners over the pure updates here) and
 * the guards `editable` (its form is editing), `cityKnown`, `wardKnown`, `cityChosen` (the predicates
 * here). K is the id type of the call family: numbers for /address/*, the codes (strings) for /region/*.
 */

export interface AddressCascade<K extends string | number> {
  cities: Place<K>[];
  wards: Place<K>[];
  cityId: K | null;
  wardId: K | null;
  /** Why the last load of each list failed (shown beside its picker with a retry). */
  citiesError: string | null;
  wardsError: string | null;
}

export type AddressCascadeEvent<K extends string | number> =
  { type: 'CITY.CHANGE'; id: K | null } | { type: 'WARD.CHANGE'; id: K | null } | { type: 'CITIES.RETRY' } | { type: 'WARDS.RETRY' };

export function emptyCascade<K extends string | number>(): AddressCascade<K> {
  return {
    cities: [],
    wards: [],
    cityId: null,
    wardId: null,
    citiesError: null,
    wardsError: null,
  };
}

/** Another province: its wards are to load, and no ward is chosen. */
export const chooseCity = <K extends string | number>(id: K | null): Partial<AddressCascade<K>> => ({
  cityId: id,
  wardId: null,
  wards: [],
  wardsError: null,
});

export const loadedCities = <K extends string | number>(options: Place<K>[]) => ({ cities: options, citiesError: null });
export const loadedWards = <K extends string | number>(options: Place<K>[]) => ({ wards: options, wardsError: null });
export const failedCities = (error: unknown) => ({ citiesError: errorCode(error) });
export const failedWards = (error: unknown) => ({ wardsError: errorCode(error) });

const known = <K extends string | number>(options: readonly Place<K>[], id: K | null) => id !== null && options.some((o) => o.id === id);

type CascadeGuardArgs<K extends string | number> = { context: AddressCascade<K>; event: { type: string; id?: unknown } };

/** The guard predicates: only another entry of the list on offer is taken. */
export const cascadeGuards = {
  cityKnown: <K extends string | number>({ context, event }: CascadeGuardArgs<K>) =>
    event.type === 'CITY.CHANGE' && event.id !== context.cityId && known(context.cities, event.id as K),
  wardKnown: <K extends string | number>({ context, event }: CascadeGuardArgs<K>) =>
    event.type === 'WARD.CHANGE' && known(context.wards, event.id as K),
  /** A clearable cascade (an optional address): "not chosen" where something was. */
  cityCleared: <K extends string | number>({ context, event }: CascadeGuardArgs<K>) =>
    event.type === 'CITY.CHANGE' && event.id === null && context.cityId !== null,
  wardCleared: <K extends string | number>({ context, event }: CascadeGuardArgs<K>) =>
    event.type === 'WARD.CHANGE' && event.id === null && context.wardId !== null,
  cityChosen: <K extends string | number>({ context }: { context: AddressCascade<K> }) => context.cityId !== null,
};

type Args = { context: AddressCascade<string | number>; event: { type: string; id?: unknown; output?: unknown; error?: unknown } };

/**
 * The two list regions. `prefill`: the form can be filled with a saved address (an edit); once it
 * is, the form raises ADDRESS.PREFILL and the chosen province's wards load, as the provinces did.
 * `clearable`: the address is optional, so "not chosen" may be picked again at each level (clearing
 * the ward with the province; the form then also takes WARD.CHANGE with `wardCleared`).
 */
export function cascadeRegions(options: { prefill?: boolean; clearable?: boolean } = {}): {
  cities: AnyStateNodeConfig;
  wards: AnyStateNodeConfig;
} {
  const prefill = (guard: string, description: string) =>
    options.prefill ? { 'ADDRESS.PREFILL': { guard, target: '.loading', description } } : {};
  const cleared = (guard: string, action: string | null, description: string) =>
    options.clearable
      ? [
          {
            guard: and(['editable', guard]),
            target: '.idle',
            ...(action ? { actions: { type: action, params: () => ({ id: null }) } } : {}),
            description,
          },
        ]
      : [];
  const loadList = (level: 'Cities' | 'Wards', input?: (c: Args['context']) => unknown) => ({
    invoke: {
      id: `load${level}`,
      src: `load${level}`,
      ...(input ? { input: ({ context }: Args) => input(context) } : {}),
      onDone: { target: 'ready', actions: { type: `assign${level}`, params: ({ event }: Args) => ({ options: event.output }) } },
      onError: { target: 'failed', actions: { type: `assign${level}Error`, params: ({ event }: Args) => ({ error: event.error }) } },
    },
  });
  return {
    cities: {
      initial: 'loading',
      states: {
        loading: loadList('Cities'),
        ready: {},
        failed: { on: { 'CITIES.RETRY': 'loading' } },
      },
    } as AnyStateNodeConfig,
    wards: {
      initial: 'idle',
      on: {
        ...prefill('cityChosen', 'The saved address has a province: its wards.'),
        // A region's own transition to its child leaves whatever child is active, `loading` included, and
        // enters `loading` anew: the previous province's request stops and its answer never lands. (With
        // `reenter: true` the transition's domain would be the machine's root: every region, the form
        // too, would be left and entered again, reloading the provinces.)
        'CITY.CHANGE': [
          ...cleared('cityCleared', 'assignCity', 'Province back to "not chosen": no wards to offer.'),
          {
            guard: and(['editable', 'cityKnown']),
            target: '.loading',
            actions: { type: 'assignCity', params: ({ event }: Args) => ({ id: event.id }) },
          },
        ],
      },
      states: {
        idle: { description: 'No province chosen yet.' },
        loading: loadList('Wards', (c) => ({ cityId: c.cityId ?? 0 })),
        ready: {},
        failed: { on: { 'WARDS.RETRY': { guard: 'cityChosen', target: 'loading' } } },
      },
    } as AnyStateNodeConfig,
  };
}
