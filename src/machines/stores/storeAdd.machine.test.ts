import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { storeAddMachine } from './storeAdd.machine';

const options = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `${prefix} ${i + 1}` }));

describe('storeAdd address cascade (core §5 Store)', () => {
  it('fetches the cities once: choosing a city or a district loads only what depends on it', async () => {
    const calls: string[] = [];
    const actor = createActor(
      storeAddMachine.provide({
        actors: {
          loadCities: fromPromise(async () => (calls.push('cities'), options('City', 3))),
          loadDistricts: fromPromise(
            async ({ input }: { input: { cityId: number } }) => (calls.push(`districts ${input.cityId}`), options('District', 2)),
          ),
          loadWards: fromPromise(
            async ({ input }: { input: { districtId: number } }) => (calls.push(`wards ${input.districtId}`), options('Ward', 2)),
          ),
        },
      }),
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    actor.send({ type: 'CITY.CHANGE', id: 1 });
    await settle();
    actor.send({ type: 'DISTRICT.CHANGE', id: 2 });
    await settle();
    actor.send({ type: 'CITY.CHANGE', id: 3 });
    await settle();
    expect(calls).toEqual(['cities', 'districts 1', 'wards 2', 'districts 3']);
    expect(actor.getSnapshot().context.cities).toHaveLength(3);
  });
});
