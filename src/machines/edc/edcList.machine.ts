import { assign } from 'xstate';
import type { EdcDevice, EdcType } from '../../services/edc/schemas';
import { defineList } from '../shared/list/pagedList';
import { connectionCheckMachine } from './connectionCheck.machine';
import { edcIntegrateMachine } from './edcIntegrate.machine';
import { soundboxActivationMachine } from './soundboxActivation.machine';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../rules/listPaging';

/**
 * The card machine list (core §2 /edc, §7 GET /metadata/edc, §9 paging): a paged table (the shared
 * list: ../shared/list) with a type filter, and the open detail. The detail is kept by serial
 * number, so a reload (after an activation or integration) shows the fresh row in it; a new page,
 * size or type closes it. While it is open this machine runs the detail's flows: the connection
 * check, the Soundbox activation (Soundbox only) and, once asked for, the integration with a
 * ShopQR; an integration or activation that went through reloads the list.
 */

export interface EdcFilter {
  type: EdcType | null;
}

export type EdcListEvent =
  { type: 'DETAIL.OPEN'; serialNumber: string } | { type: 'DETAIL.CLOSE' } | { type: 'INTEGRATE.START' } | { type: 'INTEGRATE.CANCEL' };

const EDC_TYPES: ReadonlyArray<EdcType | null> = [null, 1, 2];

export const edcList = defineList({
  types: {
    row: {} as EdcDevice,
    filter: {} as EdcFilter,
    loadInput: {} as { page: number; pageSize: number; type: EdcType | null },
    context: {} as { openSerial: string | null },
    events: {} as EdcListEvent,
    tags: {} as 'detailOpen' | 'integrating',
  },
  pageSizes: PAGE_SIZES,
  acceptFilter: (patch) => EDC_TYPES.includes(patch.type as EdcType | null),
  loadInput: (context) => ({ page: context.page, pageSize: context.pageSize, type: context.filter.type }),
  actors: {
    connectionCheck: connectionCheckMachine,
    soundboxActivation: soundboxActivationMachine,
    edcIntegrate: edcIntegrateMachine,
  },
});

type Context = ReturnType<typeof edcList.context>;

/** The open machine's row as last loaded. */
export const openDevice = (context: Pick<Context, 'rows' | 'openSerial'>): EdcDevice | null =>
  context.openSerial === null ? null : (context.rows.find((row) => row.serial_number === context.openSerial) ?? null);

export const edcListMachine = edcList.setup
  .extend({
    actions: {
      openDetail: assign((_, params: { serialNumber: string }) => ({ openSerial: params.serialNumber })),
      closeDetail: assign({ openSerial: null }),
    },
    guards: {
      rowListed: ({ context }, params: { serialNumber: unknown }) => context.rows.some((row) => row.serial_number === params.serialNumber),
      openIsSoundbox: ({ context }) => openDevice(context)?.type_edc === 2,
      /** The activation child shows its success: the list's row still says not activated. */
      activationSucceeded: (_, params: { snapshot: unknown }) =>
        (params.snapshot as { hasTag?: (tag: string) => boolean } | null)?.hasTag?.('activated') === true,
    },
  })
  .createMachine({
    id: 'edcList',
    type: 'parallel',
    context: edcList.context({ pageSize: DEFAULT_PAGE_SIZE, filter: { type: null } }, { openSerial: null }),
    states: {
      list: edcList.listRegion(),
      detail: {
        initial: 'closed',
        states: {
          closed: {
            on: {
              'DETAIL.OPEN': {
                guard: { type: 'rowListed', params: ({ event }) => ({ serialNumber: event.serialNumber }) },
                target: 'open',
                actions: { type: 'openDetail', params: ({ event }) => ({ serialNumber: event.serialNumber }) },
              },
            },
          },
          open: {
            tags: ['detailOpen'],
            description: 'The dialog: facts, TID/MID pairs, the connection check, integration and (Soundbox) activation.',
            type: 'parallel',
            invoke: {
              id: 'connection',
              src: 'connectionCheck',
              input: ({ context }) => ({ serialNumber: context.openSerial ?? '' }),
            },
            on: {
              'DETAIL.CLOSE': { target: 'closed', actions: 'closeDetail' },
              'LIST.QUERY_CHANGED': {
                target: 'closed',
                actions: 'closeDetail',
                description: 'Another page, size or type: the row may be gone.',
              },
            },
            states: {
              integration: {
                initial: 'idle',
                states: {
                  idle: { on: { 'INTEGRATE.START': { target: 'choosing' } } },
                  choosing: {
                    tags: ['integrating'],
                    description: 'The ShopQR chooser (edcIntegrate, as `integrate`).',
                    invoke: {
                      id: 'integrate',
                      src: 'edcIntegrate',
                      input: ({ context }) => ({
                        posId: openDevice(context)?.pos_id ?? '',
                        currentVa: openDevice(context)?.va_account_no ?? null,
                      }),
                      onDone: {
                        target: 'idle',
                        actions: 'raiseRefresh',
                        description: 'Integrated: the chooser closes and the list reloads.',
                      },
                      onError: { target: 'idle' },
                    },
                    on: { 'INTEGRATE.CANCEL': { target: 'idle' } },
                  },
                },
              },
              activation: {
                initial: 'deciding',
                states: {
                  deciding: { always: [{ guard: 'openIsSoundbox', target: 'running' }, { target: 'none' }] },
                  none: { description: 'A POS: no activation.' },
                  running: {
                    description: 'soundboxActivation, as `activation`.',
                    invoke: {
                      id: 'activation',
                      src: 'soundboxActivation',
                      input: ({ context }) => ({ device: openDevice(context)! }),
                      onSnapshot: {
                        guard: { type: 'activationSucceeded', params: ({ event }) => ({ snapshot: event.snapshot }) },
                        actions: 'raiseRefresh',
                        description: 'Activated: the list reloads so the row says so.',
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  });
