import { and, not, or, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { guardLabel, transitionKey } from './introspection';

describe('guardLabel', () => {
  it('names higher-order guards by what they combine, so diagrams and coverage read "a and b"', () => {
    expect(guardLabel('formComplete')).toBe('formComplete');
    expect(guardLabel(and(['formComplete', 'phoneValid']))).toBe('formComplete and phoneValid');
    expect(guardLabel(or(['a', not('b')]))).toBe('a or not b');
    expect(guardLabel({ type: 'named', params: {} })).toBe('named');
    expect(guardLabel(() => true)).toBe('inline guard');
  });

  it('puts the label in the transition key', () => {
    const machine = setup({ guards: { a: () => true, b: () => true } }).createMachine({
      id: 'm',
      initial: 'x',
      states: { x: { on: { GO: { guard: and(['a', 'b']), target: 'y' } } }, y: {} },
    });
    const [transition] = machine.getStateNodeById('m.x').transitions.get('GO') ?? [];
    expect(transitionKey(transition!)).toBe('m.x | GO [a and b] → m.y');
  });
});
