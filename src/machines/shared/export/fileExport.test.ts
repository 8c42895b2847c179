import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type EventObject } from 'xstate';
import { createFileExportMachine, selectExportPercent, type FileExportProgressEvent } from './fileExport';

type Request = { kind: string; day: string };

const machine = (dismissable: boolean) =>
  createFileExportMachine<Request>()({ id: 'testExport', actor: 'exportTest', request: ['kind', 'day'], dismissable });

function run(dismissable = false) {
  const inputs: Request[] = [];
  const sends: Array<(e: FileExportProgressEvent) => void> = [];
  const exportTest = fromCallback<EventObject, Request>(({ input, sendBack }) => {
    inputs.push(input);
    sends.push(sendBack);
  });
  const succeeded = vi.fn();
  const failed = vi.fn();
  const actor = createActor(
    machine(dismissable).provide({
      actors: { exportTest },
      actions: { notifyExportSucceeded: (_, p) => succeeded(p.filename), notifyExportFailed: (_, p) => failed(p.code) },
    }),
  ).start();
  return { actor, inputs, sends, succeeded, failed };
}

describe('createFileExportMachine (D322)', () => {
  it('D322: keeps the request under its own names in the context and hands exactly it to the named actor', () => {
    const { actor, inputs } = run();
    expect(actor.getSnapshot().context).toEqual({ kind: null, day: null, received: 0, total: null, filename: null, errorCode: null });
    actor.send({ type: 'EXPORT', kind: 'card', day: '2026-12-06' });
    expect(inputs).toEqual([{ kind: 'card', day: '2026-12-06' }]);
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'card', day: '2026-12-06' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it('D322: progress, then the saved file ends in the success toast naming it; a failure in the mapped code', () => {
    const { actor, sends, succeeded, failed } = run();
    actor.send({ type: 'EXPORT', kind: 'card', day: '2026-12-06' });
    sends[0]!({ type: 'EXPORT.PROGRESS', received: 50, total: 200 });
    expect(selectExportPercent(actor.getSnapshot())).toBe(25);
    sends[0]!({ type: 'EXPORT.SAVED', filename: 'a.xlsx' });
    expect(actor.getSnapshot().value).toBe('done');
    expect(succeeded).toHaveBeenCalledWith('a.xlsx');
    actor.send({ type: 'EXPORT', kind: 'va', day: '2026-12-05' });
    expect(actor.getSnapshot().context).toMatchObject({ kind: 'va', received: 0, filename: null });
    sends[1]!({ type: 'EXPORT.FAILED', error: new Error('boom') });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('D322: DISMISS exists only where the area asks for it', () => {
    const plain = run(false);
    plain.actor.send({ type: 'EXPORT', kind: 'card', day: '2026-12-06' });
    plain.sends[0]!({ type: 'EXPORT.SAVED', filename: 'a.xlsx' });
    plain.actor.send({ type: 'DISMISS' } as never);
    expect(plain.actor.getSnapshot().value).toBe('done');
    const dismissable = run(true);
    dismissable.actor.send({ type: 'EXPORT', kind: 'card', day: '2026-12-06' });
    dismissable.sends[0]!({ type: 'EXPORT.SAVED', filename: 'a.xlsx' });
    dismissable.actor.send({ type: 'DISMISS' });
    expect(dismissable.actor.getSnapshot().value).toBe('idle');
  });
});
