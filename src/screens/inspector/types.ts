import type { AnyStateMachine } from 'xstate';

/** A machine the inspector can show (src/app/catalogue.ts entries fit this shape). */
export interface InspectorMachine {
  id: string;
  file: string;
  machine: AnyStateMachine;
}

/** The part of a BroadcastChannel the inspector uses; tests pass a fake. */
export interface InspectorChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}
