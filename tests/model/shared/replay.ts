import {
  createActor,
  fromCallback,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { transitionKey } from '../../../src/machines/shared/introspection';
import { formatEvent, formatState, type ModelPath } from './paths';

/**
 * Replays generated paths on a real actor: stubbed actors answer with the path's done/error
 * events, a SimulatedClock stands in for time, and named app actions are recorded. No test-runner
 * imports, so a script can reuse it.
 */

export interface ReplayConfig {
  machine: AnyStateMachine;
  /** Actor names (setup `actors` keys) implemented with fromPromise: answered from the path. */
  promiseActors: readonly string[];
  /** Actor names implemented with fromCallback: they can only be made to fail. */
  callbackActors?: readonly string[];
  /** App-provided action names to record (their defaults are no-ops in the machine). */
  spyActions?: readonly string[];
}

/** The `error` of an `xstate.error.actor.*` step, the `output` of a done step. */
export function errorOf(event: EventObject): unknown {
  return (event as EventObject & { error?: unknown }).error;
}

export function outputOf(event: EventObject): unknown {
  return (event as EventObject & { output?: unknown }).output;
}

export interface ActionCall {
  action: string;
  params: unknown;
}

export interface ReplayedStep {
  event: EventObject;
  before: AnyMachineSnapshot | undefined;
  after: AnyMachineSnapshot;
  actions: ActionCall[];
  /** Actors invoked while handling this step, with the input they received. */
  invoked: Array<{ id: string; input: unknown }>;
}

export interface ReplayOutcome {
  passed: boolean;
  error?: string;
  steps: ReplayedStep[];
  visitedStates: Set<string>;
  transitions: Set<string>;
}

/** The failure event a callback stub turns into an actor error. */
const FAIL_EVENT = 'modelTest.fail';

function walkStateNodes(node: AnyStateNode, visit: (node: AnyStateNode) => void): void {
  visit(node);
  for (const child of Object.values(node.states ?? {})) walkStateNodes(child as AnyStateNode, visit);
}

/** Every state node below the root. */
export function allStateIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  walkStateNodes(machine.root, (node) => {
    if (node !== machine.root) ids.push(node.id);
  });
  return ids;
}

/** Every transition of every state node: on, invoke onDone/onError, after, onDone, always. */
export function allTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  walkStateNodes(machine.root, (node) => {
    for (const list of node.transitions.values()) for (const transition of list) keys.push(transitionKey(transition));
    for (const transition of node.always ?? []) keys.push(transitionKey(transition));
  });
  return keys;
}

/** What a path promises about a snapshot: see ModelPath.project. */
function comparable(snapshot: AnyMachineSnapshot, project: ModelPath['project']) {
  return JSON.stringify({
    value: snapshot.value,
    status: snapshot.status,
    tags: [...snapshot.tags].sort(),
    context: project ? project(snapshot.context as never) : null,
  });
}

// Lets stub promises settle and their done/error events reach the machine.
const settle = () => new Promise<void>((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

function delayOf(machine: AnyStateMachine, eventType: string, snapshot: AnyMachineSnapshot, event: EventObject): number {
  const rest = eventType.slice('xstate.after.'.length);
  const ref = rest.slice(0, rest.indexOf('.'));
  if (/^\d+$/.test(ref)) return Number(ref);
  const delays = machine.implementations.delays as Record<string, unknown>;
  const delay = delays[ref];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return Number(delay({ context: snapshot.context, event }));
  throw new Error(`Unknown delay "${ref}"`);
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What the stubs record during one step: the app actions called and the actors invoked. */
interface StepLog {
  actions: ActionCall[];
  invoked: Array<{ id: string; input: unknown }>;
}

/**
 * The machine with its actors and app actions stubbed: promise actors wait in `pending` for the
 * path's done/error event, callback actors can only be made to fail, spied actions are logged.
 */
function stubbedMachine(config: ReplayConfig, pending: Map<string, Pending>, log: StepLog): AnyStateMachine {
  const actors: Record<string, unknown> = {};
  for (const name of config.promiseActors) {
    actors[name] = fromPromise<unknown, unknown>(
      ({ input, self, signal }) =>
        new Promise((resolve, reject) => {
          log.invoked.push({ id: self.id, input });
          const entry = { resolve, reject };
          pending.set(self.id, entry);
          signal.addEventListener('abort', () => {
            if (pending.get(self.id) === entry) pending.delete(self.id);
          });
        }),
    );
  }
  for (const name of config.callbackActors ?? []) {
    actors[name] = fromCallback<EventObject>(({ receive, self }) => {
      log.invoked.push({ id: self.id, input: undefined });
      receive((event) => {
        if (event.type === FAIL_EVENT) throw (event as EventObject & { error: unknown }).error;
      });
    });
  }
  const actions: Record<string, unknown> = {};
  for (const name of config.spyActions ?? []) {
    actions[name] = (_: unknown, params: unknown) => {
      log.actions.push({ action: name, params });
    };
  }
  return config.machine.provide({ actors, actions } as never) as AnyStateMachine;
}

/** Answers the running stub a done/error step names: its promise settles, or a callback actor fails. */
function answerActor(actor: AnyActorRef, pending: Map<string, Pending>, event: EventObject, where: string): void {
  const isDone = event.type.startsWith('xstate.done.actor.');
  const id = event.type.slice(isDone ? 'xstate.done.actor.'.length : 'xstate.error.actor.'.length);
  const answer = pending.get(id);
  const child = (actor.getSnapshot() as AnyMachineSnapshot).children[id];
  if (answer) {
    pending.delete(id);
    if (isDone) answer.resolve(outputOf(event));
    else answer.reject(errorOf(event));
  } else if (!isDone && child) {
    child.send({ type: FAIL_EVENT, error: errorOf(event) });
  } else {
    throw new Error(`${where}: actor "${id}" is not running`);
  }
}

export async function replayPath(config: ReplayConfig, path: ModelPath): Promise<ReplayOutcome> {
  const steps: ReplayedStep[] = [];
  const visitedStates = new Set<string>();
  const transitions = new Set<string>();
  const pending = new Map<string, Pending>();
  const log: StepLog = { actions: [], invoked: [] };

  const machine = stubbedMachine(config, pending, log);
  const clock = new SimulatedClock();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    const snapshot = event.snapshot as AnyMachineSnapshot;
    if (snapshot.machine !== machine) return;
    for (const node of snapshot._nodes) if (node !== machine.root) visitedStates.add(node.id);
    for (const transition of event._transitions) {
      transitions.add(transitionKey(transition));
      if (transition.source !== machine.root) visitedStates.add(transition.source.id);
    }
  };

  let actorError: unknown;
  let previous: AnyMachineSnapshot | undefined;
  try {
    const actor = createActor(machine, { input: path.input, clock, inspect } as never);
    actor.subscribe({ error: (error) => (actorError = error) });
    for (const [index, step] of path.steps.entries()) {
      log.actions = [];
      log.invoked = [];
      const { event } = step;
      const where = `step ${index} (${formatEvent(event)})`;
      if (event.type === 'xstate.init') {
        actor.start();
      } else if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
        answerActor(actor, pending, event, where);
      } else if (event.type.startsWith('xstate.after.')) {
        clock.increment(delayOf(machine, event.type, actor.getSnapshot(), event));
      } else {
        actor.send(event);
      }
      await settle();
      if (actorError !== undefined) throw new Error(`${where}: the actor failed: ${String(actorError)}`);
      const after = actor.getSnapshot();
      steps.push({ event, before: previous, after, actions: log.actions, invoked: log.invoked });
      previous = after;
      const expected = comparable(step.state, path.project);
      const actual = comparable(after, path.project);
      if (expected !== actual) {
        throw new Error(
          `${where}: expected ${formatState(step.state)} but the actor is in ${formatState(after)}\n` +
            `expected ${expected}\nactual   ${actual}`,
        );
      }
    }
    actor.stop();
    return { passed: true, steps, visitedStates, transitions };
  } catch (error) {
    return { passed: false, error: error instanceof Error ? error.message : String(error), steps, visitedStates, transitions };
  }
}

/** Accumulates replay outcomes into state and transition coverage of one machine. */
export class CoverageTracker {
  readonly stateIds: string[];
  readonly transitionKeys: string[];
  private readonly states = new Set<string>();
  private readonly taken = new Set<string>();

  constructor(machine: AnyStateMachine) {
    this.stateIds = allStateIds(machine);
    this.transitionKeys = allTransitionKeys(machine);
  }

  add(outcome: ReplayOutcome): void {
    outcome.visitedStates.forEach((id) => this.states.add(id));
    outcome.transitions.forEach((key) => this.taken.add(key));
  }

  summary() {
    const split = (all: string[], seen: Set<string>) => ({
      total: all.length,
      covered: all.filter((item) => seen.has(item)),
      notCovered: all.filter((item) => !seen.has(item)),
    });
    return { states: split(this.stateIds, this.states), transitions: split(this.transitionKeys, this.taken) };
  }
}
