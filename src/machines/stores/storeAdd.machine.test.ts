import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { storeAddMachine } from './storeAdd.machine';

const options = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `${prefix} ${i + 1}` }));

describe('storeAdd address cascade (core §5 Store)', () => {
  it('issue 25 §7: fetches the provinces once; choosing a province loads its wards, with no district level', async () => {
    const calls: string[] = [];
    const actor = createActor(
      storeAddMachine.provide({
        actors: {
          loadCities: fromPromise(async () => (calls.push('cities'), options('City', 3))),
          loadWards: fromPromise(
            async ({ input }: { input: { cityId: number } }) => (calls.push(`wards ${input.cityId}`), options('Ward', 2)),
          ),
        },
      }),
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    actor.send({ type: 'CITY.CHANGE', id: 1 });
    await settle();
    actor.send({ type: 'WARD.CHANGE', id: 2 });
    actor.send({ type: 'CITY.CHANGE', id: 3 });
    await settle();
    expect(calls).toEqual(['cities', 'wards 1', 'wards 3']);
    expect(actor.getSnapshot().context.wardId).toBeNull();
    expect(actor.getSnapshot().context.cities).toHaveLength(3);
  });
});
