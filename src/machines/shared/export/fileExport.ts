import { assign, fromCallback, setup, type CallbackActorLogic, type EventObject } from 'xstate';
import { errorCode, notProvided } from '../../../rules/serviceError';

/**
 * One file export (D322): a spreadsheet at a time, with the bytes received so far; the button is
 * disabled and shows progress meanwhile; success and failure each end in a toast (core §8). The
 * factory knows no area: each area's own machine file names its id, its actor and what an EXPORT
 * carries, so the inspector, the diagrams and the model tests still show one machine per area.
 */

/** What EXPORT carries, kept in the context while the file downloads and handed to the actor. */
export type ExportRequest = Record<string, unknown>;

export interface ExportProgress {
  received: number;
  /** Bytes expected (Content-Length), null when unknown. */
  total: number | null;
  filename: string | null;
  errorCode: string | null;
}

export type FileExportContext<TRequest extends ExportRequest> = { [K in keyof TRequest]: TRequest[K] | null } & ExportProgress;

/** What the export actor sends back while it runs (src/services/shared/fileExport.ts sends these). */
export type FileExportProgressEvent =
  | { type: 'EXPORT.PROGRESS'; received: number; total: number | null }
  | { type: 'EXPORT.SAVED'; filename: string }
  | { type: 'EXPORT.FAILED'; error: unknown };

export type FileExportEvent<TRequest extends ExportRequest, TDismiss extends boolean = false> =
  ({ type: 'EXPORT' } & TRequest) | FileExportProgressEvent | (TDismiss extends true ? { type: 'DISMISS' } : never);

export interface FileExportOptions<TRequest extends ExportRequest, TActor extends string, TDismiss extends boolean> {
  id: string;
  /** The actor's name, also its invoke id (what app code provides and the inspector shows). */
  actor: TActor;
  /** The fields of EXPORT that make the request. */
  request: readonly (keyof TRequest & string)[];
  /** A DISMISS event takes a finished export back to idle. */
  dismissable?: TDismiss;
}

const fresh: ExportProgress = { received: 0, total: null, filename: null, errorCode: null };

/**
 * `createFileExportMachine<{ filter: Filter }>()({ id: 'someExport', actor: 'exportSome', request: ['filter'] })`.
 * Curried so the request type is named while the actor's name is inferred as a literal.
 */
export function createFileExportMachine<TRequest extends ExportRequest>() {
  return <TActor extends string, TDismiss extends boolean = false>(options: FileExportOptions<TRequest, TActor, TDismiss>) =>
    build<TRequest, TActor, TDismiss>(options);
}

function build<TRequest extends ExportRequest, TActor extends string, TDismiss extends boolean>(
  options: FileExportOptions<TRequest, TActor, TDismiss>,
) {
  type Context = FileExportContext<TRequest>;
  const pick = (from: Loose) => Object.fromEntries(options.request.map((key) => [key, from[key]])) as TRequest;
  const empty = Object.fromEntries(options.request.map((key) => [key, null])) as { [K in keyof TRequest]: null };
  const actors = {
    [options.actor]: fromCallback<EventObject, TRequest>(() => {
      throw notProvided(options.actor);
    }),
  } as Record<TActor, CallbackActorLogic<EventObject, TRequest>>;
  const exportSetup = setup({
    types: {
      context: {} as Context,
      events: {} as FileExportEvent<TRequest, TDismiss>,
      tags: {} as 'busy',
    },
    actors,
    actions: {
      startExport: assign((_, params: TRequest) => ({ ...pick(params), ...fresh }) as Partial<Context>),
      assignProgress: assign(
        (_, params: { received: number; total: number | null }) =>
          ({
            received: Number.isFinite(params.received) && params.received > 0 ? params.received : 0,
            total: typeof params.total === 'number' && Number.isFinite(params.total) && params.total > 0 ? params.total : null,
          }) as Partial<Context>,
      ),
      assignFilename: assign((_, params: { filename: string }) => ({ filename: params.filename }) as Partial<Context>),
      assignError: assign((_, params: { error: unknown }) => ({ errorCode: errorCode(params.error) }) as Partial<Context>),
      // Provided by the route (core §8: success and failure toasts).
      notifyExportSucceeded: (_, _params: { filename: string }) => {},
      notifyExportFailed: (_, _params: { code: string }) => {},
    },
  });
  type Config = Parameters<typeof exportSetup.createMachine>[0];
  // The states are typed loosely (see exportStates); the context, events and actions stay typed.
  return exportSetup.createMachine({
    id: options.id,
    context: { ...empty, ...fresh } as Context,
    initial: 'idle',
    states: exportStates(options.actor, pick, !!options.dismissable),
  } as unknown as Config);
}

type Loose = Record<string, unknown>;
type Args = { context: ExportProgress & Loose; event: { type: string } & Loose };

/**
 * The four states. They name the setup's actor and actions by string, so they are built without the
 * area's types (XState cannot check a config against a generic setup); each area's model test runs them.
 */
function exportStates(actor: string, pick: (from: Loose) => Loose, dismissable: boolean) {
  const start = { target: 'preparing', actions: { type: 'startExport', params: ({ event }: Args) => pick(event) } };
  const again = { EXPORT: start, ...(dismissable ? { DISMISS: { target: 'idle' } } : {}) };
  const failWith = { type: 'assignError', params: ({ event }: Args) => ({ error: event.error }) };
  return {
    idle: { on: { EXPORT: start } },
    preparing: {
      tags: ['busy'],
      description: 'The service builds the file and it downloads; the button shows progress and is disabled.',
      invoke: { id: actor, src: actor, input: ({ context }: Args) => pick(context), onError: { target: 'failed', actions: failWith } },
      on: {
        EXPORT: { description: 'A second export while one runs is ignored.' },
        'EXPORT.PROGRESS': {
          actions: { type: 'assignProgress', params: ({ event }: Args) => ({ received: event.received, total: event.total }) },
        },
        'EXPORT.SAVED': {
          target: 'done',
          actions: { type: 'assignFilename', params: ({ event }: Args) => ({ filename: event.filename }) },
        },
        'EXPORT.FAILED': { target: 'failed', actions: failWith },
      },
    },
    done: {
      description: 'Success toast naming the file; the file is in the downloads.',
      entry: { type: 'notifyExportSucceeded', params: ({ context }: Args) => ({ filename: context.filename ?? '' }) },
      on: again,
    },
    failed: {
      description: 'Failure toast with the mapped error.',
      entry: { type: 'notifyExportFailed', params: ({ context }: Args) => ({ code: context.errorCode ?? 'UNKNOWN_ERROR' }) },
      on: again,
    },
  };
}

export const selectExportBusy = (s: { hasTag: (tag: 'busy') => boolean }) => s.hasTag('busy');
/** Percent received, or null when the size is unknown. */
export const selectExportPercent = (s: { context: ExportProgress }) =>
  s.context.total ? Math.min(100, Math.round((s.context.received / s.context.total) * 100)) : null;
