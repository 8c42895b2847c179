import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allStateIds, allTransitionKeys } from '../../../tests/model/shared/replay';
import { MACHINE_CATALOGUE } from '../catalogue';
import { guardLabel } from '../../machines/shared/introspection';
import { activeStateIds, buildDiagramModel } from '../../screens/inspector/diagram/model';

/**
 * An independent reading of each machine: its JSON definition (which lists `on`, invoke done/error,
 * `after` and state done transitions) plus the always transitions the definition leaves out.
 */
function definitionWalk(machine: AnyStateMachine) {
  const states: string[] = [];
  const transitions: Array<{ source: string; event: string; targets: string[]; guard: string | null }> = [];
  const guardOf = (guard: unknown) => (guard === undefined ? null : guardLabel(guard));
  type Definition = AnyStateNode['definition'];
  const visit = (def: Definition) => {
    states.push(def.id);
    for (const transition of def.transitions) {
      transitions.push({
        source: def.id,
        event: transition.eventType,
        targets: (transition.target ?? []).map((target) => target.id),
        guard: guardOf(transition.guard),
      });
    }
    for (const transition of machine.getStateNodeById(def.id).always ?? []) {
      transitions.push({
        source: def.id,
        event: 'always',
        targets: (transition.target ?? []).map((t) => t.id),
        guard: guardOf(transition.guard),
      });
    }
    for (const child of Object.values(def.states)) visit(child as Definition);
  };
  visit(machine.root.definition);
  return { states, transitions };
}

const sortKey = (t: { source: string; event: string; targets: string[]; guard: string | null }) =>
  `${t.source} | ${t.event} | ${t.guard ?? ''} | ${t.targets.join(',')}`;

describe.each(MACHINE_CATALOGUE.map((entry) => [entry.id, entry.machine] as const))('diagram model of %s', (_id, machine) => {
  const model = buildDiagramModel(machine);

  it('contains exactly the states of the machine definition', () => {
    expect(model.states.map((state) => state.id).sort()).toEqual(definitionWalk(machine).states.sort());
  });

  it('contains exactly its transitions, always transitions included', () => {
    const expected = definitionWalk(machine).transitions.map(sortKey).sort();
    const actual = model.transitions
      .map((t) =>
        sortKey({ source: t.sourceId, event: t.kind === 'always' ? 'always' : t.eventType, targets: t.targetIds, guard: t.guard }),
      )
      .sort();
    expect(actual).toEqual(expected);
  });

  it('names states and transitions as the model-test coverage report does', () => {
    expect(
      model.states
        .filter((s) => s.id !== model.rootId)
        .map((s) => s.id)
        .sort(),
    ).toEqual(allStateIds(machine).sort());
    expect(model.transitions.map((t) => t.id).sort()).toEqual(allTransitionKeys(machine).sort());
  });

  it('marks each compound state’s initial child', () => {
    for (const state of model.states.filter((s) => s.type === 'compound')) {
      expect(
        model.states.filter((s) => s.parentId === state.id && s.initial),
        state.id,
      ).toHaveLength(1);
    }
  });
});

describe('diagram model details', () => {
  const session = buildDiagramModel(MACHINE_CATALOGUE.find((e) => e.id === 'session')!.machine);
  const forgot = buildDiagramModel(MACHINE_CATALOGUE.find((e) => e.id === 'forgotPassword')!.machine);
  const reset = buildDiagramModel(MACHINE_CATALOGUE.find((e) => e.id === 'resetPassword')!.machine);

  it('shows parallel and final states, invokes and guards', () => {
    expect(session.states.find((s) => s.id === 'session.signedIn')?.type).toBe('parallel');
    expect(session.states.find((s) => s.id === 'session.signedIn.profile.loadingProfile')?.invokes).toEqual([
      { id: 'loadProfile', src: 'loadProfile' },
    ]);
    expect(session.transitions.find((t) => t.event === 'WINDOW_FOCUSED')?.guard).toBe('idleLimitReached');
    expect(reset.states.find((s) => s.id === 'resetPassword.succeeded')?.type).toBe('final');
  });

  it('shows delayed transitions with their delay and eventless ones', () => {
    const after = forgot.transitions.find((t) => t.kind === 'after');
    expect(after).toMatchObject({
      event: 'after resendCooldown (1 min)',
      delay: 'resendCooldown',
      targetIds: ['forgotPassword.sent.resendAvailable'],
    });
    expect(reset.transitions.filter((t) => t.kind === 'always').map((t) => t.guard)).toEqual(['hasNoToken', null]);
  });

  it('resolves a state value to its active state ids', () => {
    const machine = MACHINE_CATALOGUE.find((e) => e.id === 'session')!.machine;
    expect([...activeStateIds(machine, { signedIn: { profile: 'profileReady', token: 'valid' } })].sort()).toEqual(
      [
        'session',
        'session.signedIn',
        'session.signedIn.profile',
        'session.signedIn.profile.profileReady',
        'session.signedIn.token',
        'session.signedIn.token.valid',
      ].sort(),
    );
    expect([...activeStateIds(machine, 'nonsense')]).toEqual(['session']);
  });
});
