import { storeAddMachine, storeBody, storeFormValid, type StoreAddContext } from '../../../src/machines/stores/storeAdd.machine';
import { taxNoProblem } from '../../../src/machines/stores/rules/taxNo';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';
import type { SampleEvent } from '../shared/paths';
import { cities, haNoiWards, hangBac } from './fixtures';

const TEXT_AND_SAVE = ['FIELD.CHANGE', 'FIELD.BLUR', 'SUBMIT', 'xstate.done.actor.addStore', 'xstate.error.actor.addStore'];

/** The provinces: answers, failures, retries, a choice and a forged one. */
const cityEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadCities', output: cities },
  { type: 'xstate.error.actor.loadCities', error: networkError },
  { type: 'CITIES.RETRY' },
  { type: 'CITY.CHANGE', id: 1 },
  { type: 'CITY.CHANGE', id: 999 },
];

/** Down the cascade (D239: province, then ward): another province clears the ward; the wards' answers. */
const cascadeEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadCities', output: cities },
  { type: 'CITY.CHANGE', id: 1 },
  { type: 'CITY.CHANGE', id: 79 },
  { type: 'xstate.done.actor.loadWards', output: haNoiWards },
  { type: 'xstate.error.actor.loadWards', error: networkError },
  { type: 'WARDS.RETRY' },
  { type: 'WARD.CHANGE', id: 70 },
  { type: 'WARD.CHANGE', id: 12345 },
];

/** The text fields and a Save with the address still missing (marks every field, sends nothing). */
const formEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadCities', output: cities },
  { type: 'FIELD.CHANGE', field: 'name', value: 'Phố Cổ - Hàng Buồm' },
  { type: 'FIELD.CHANGE', field: 'name', value: '   ' },
  { type: 'FIELD.CHANGE', field: 'taxNo', value: '0100109106-002' },
  { type: 'FIELD.CHANGE', field: 'taxNo', value: '0100 10A9106' },
  { type: 'FIELD.CHANGE', field: 'addressLine', value: '20 Hàng Buồm' },
  { type: 'FIELD.BLUR', field: 'name' },
  { type: 'SUBMIT' },
];

/** A complete form, Save and its answers. */
const saveEvents: SampleEvent[] = [
  { type: 'xstate.done.actor.loadCities', output: cities },
  { type: 'CITY.CHANGE', id: 1 },
  { type: 'xstate.done.actor.loadWards', output: haNoiWards },
  { type: 'WARD.CHANGE', id: 70 },
  { type: 'FIELD.CHANGE', field: 'name', value: 'Phố Cổ - Hàng Buồm' },
  { type: 'FIELD.CHANGE', field: 'taxNo', value: '0100109106-002' },
  { type: 'FIELD.CHANGE', field: 'addressLine', value: '20 Hàng Buồm' },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.addStore', output: hangBac },
  { type: 'xstate.error.actor.addStore', error: serviceError('TAX_NO_INCORECT', 400) },
];

function projection(c: StoreAddContext) {
  return {
    name: c.form.values.name.trim() !== '',
    tax: taxNoProblem(c.form.values.taxNo),
    filtered: c.taxNoFiltered,
    line: c.form.values.addressLine !== '',
    cities: c.cities.length,
    wards: c.wards.map((w) => w.id).join(','),
    city: c.cityId,
    ward: c.wardId,
    errors: [c.citiesError, c.wardsError].map((e) => e !== null),
    showErrors: c.form.showErrors,
    error: c.form.saveError !== null,
  };
}

describeModel({
  name: 'storeAdd',
  machine: storeAddMachine,
  promiseActors: ['loadCities', 'loadWards', 'addStore'],
  spyActions: ['notifyAdded', 'notifyAddFailed', 'goToStoreList'],
  variants: [
    {
      variant: 'cities',
      events: cityEvents,
      ignore: [...TEXT_AND_SAVE, 'WARD.CHANGE', 'WARDS.RETRY', 'xstate.done.actor.loadWards', 'xstate.error.actor.loadWards'],
      project: projection as (context: never) => unknown,
    },
    {
      variant: 'address cascade',
      events: cascadeEvents,
      ignore: [...TEXT_AND_SAVE, 'xstate.error.actor.loadCities', 'CITIES.RETRY'],
      project: projection as (context: never) => unknown,
    },
    {
      variant: 'form',
      events: formEvents,
      ignore: ['CITY.CHANGE', 'CITIES.RETRY', 'xstate.error.actor.loadCities'],
      project: projection as (context: never) => unknown,
    },
    {
      variant: 'save',
      events: saveEvents,
      ignore: ['xstate.error.actor.loadCities', 'xstate.error.actor.loadWards', 'CITIES.RETRY', 'WARDS.RETRY', 'FIELD.BLUR'],
      project: projection as (context: never) => unknown,
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const after = step.after.context as StoreAddContext;
      const before = step.before?.context as StoreAddContext | undefined;
      const actions = step.actions.map((a) => a.action);
      // core §5 Inputs: the tax number holds only digits and hyphens, whatever was typed or pasted.
      if (!/^[0-9-]*$/.test(after.form.values.taxNo)) throw new Error(`tax number kept ${after.form.values.taxNo}`);
      // The cascade (D239): a ward belongs to the chosen province's list; no district level.
      if (after.cityId === null && after.wardId !== null) throw new Error('ward without a province');
      if (after.wardId !== null && !after.wards.some((w) => w.id === after.wardId)) throw new Error('a ward off the list on offer');
      if (step.event.type === 'CITY.CHANGE' && before && after.cityId !== before.cityId) {
        if (after.wardId !== null || after.wards.length) throw new Error('a new province kept the old ward');
        if (!step.invoked.some((c) => c.id === 'loadWards' && (c.input as { cityId: number }).cityId === after.cityId))
          throw new Error('a new province did not load its wards');
      }
      for (const call of step.invoked) {
        if (call.id === 'addStore') {
          if (!before || !storeFormValid(before)) throw new Error('an incomplete form was sent');
          if (JSON.stringify(call.input) !== JSON.stringify(storeBody(before))) throw new Error(`sent ${JSON.stringify(call.input)}`);
          if ((call.input as { country_id: number }).country_id !== 1) throw new Error('country is not Vietnam');
          // D239: the body keeps the spec's district_id, 0 for "none" (two tiers since 1 July 2025).
          if ((call.input as { district_id: number }).district_id !== 0) throw new Error('a district was sent');
        }
      }
      // A refused save keeps every value and says so with a toast.
      if (step.event.type === 'xstate.error.actor.addStore') {
        if (!before || JSON.stringify(storeBody(before)) !== JSON.stringify(storeBody(after)))
          throw new Error('a refused save lost values');
        if (!actions.includes('notifyAddFailed') || after.form.saveError === null) throw new Error('a refused save was not reported');
      }
      if (step.event.type === 'xstate.done.actor.addStore' && !(actions.includes('notifyAdded') && actions.includes('goToStoreList')))
        throw new Error('a saved store neither toasted nor went to the list');
      if (step.event.type === 'SUBMIT' && before && !storeFormValid(before) && !after.form.showErrors)
        throw new Error('an invalid save was silent');
    }
  },
});
