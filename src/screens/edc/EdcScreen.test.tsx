import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { defaultConfig } from '../../config';
import { connectionCheckMachine } from '../../machines/edc/connectionCheck.machine';
import { edcIntegrateMachine } from '../../machines/edc/edcIntegrate.machine';
import { edcListMachine } from '../../machines/edc/edcList.machine';
import { soundboxActivationMachine } from '../../machines/edc/soundboxActivation.machine';
import type { ConnectionState, EdcDevice, LinkableVa } from '../../services/edc/schemas';
import { renderScreen } from '../shared/test/render';
import { EdcScreen } from './EdcScreen';
import { samplePos } from '../../services/edc/samples';

afterEach(cleanup);

const pos: EdcDevice = samplePos;
const ready: EdcDevice = { ...pos, type_edc: 2, serial_number: 'SB201000000101', pos_id: 'S1000000101' };
const unprovisioned: EdcDevice = { ...ready, serial_number: 'SB201000000102', pos_id: 'S1000000102', status: null, is_selected: false };
const vas: LinkableVa[] = [
  { va_account_no: '970410000001000001', va_type: 'STORE', store_id: 1, store_name: 'Phố Cổ - Hàng Bạc', staff_id: null, holder_name: 'A' },
  {
    va_account_no: '970410000001000002',
    va_type: 'STAFF',
    store_id: 2,
    store_name: 'Phố Cổ - Tràng Tiền',
    staff_id: 'NV003',
    holder_name: 'A',
  },
];

function start(options: { activation?: 'fails' | 'succeeds' } = {}) {
  const calls = { activate: vi.fn(), integrate: vi.fn(), check: vi.fn(), load: vi.fn() };
  const list = createActor(
    edcListMachine.provide({
      actors: {
        loadPage: fromPromise(async () => (calls.load(), { rows: [pos, ready, unprovisioned], totalPage: 1 })),
        connectionCheck: connectionCheckMachine.provide({
          actors: {
            checkStatus: fromPromise<ConnectionState, { serialNumber: string }>(
              async ({ input }) => (calls.check(input.serialNumber), 'OFFLINE'),
            ),
          },
        }),
        soundboxActivation: soundboxActivationMachine.provide({
          actors: {
            activateSoundbox: fromPromise<EdcDevice, { serialNumber: string }>(async ({ input }) => {
              calls.activate(input.serialNumber);
              if (options.activation === 'succeeds') return { ...ready, activated_at: '2026-11-22T10:00:00+07:00' };
              throw { code: 'NETWORK_ERROR', status: 0, kind: 'network' };
            }),
          },
        }),
        edcIntegrate: edcIntegrateMachine.provide({
          actors: {
            loadLinkableVas: fromPromise(async () => vas),
            integrateEdc: fromPromise<EdcDevice, { vaAccountNo: string; posId: string }>(async ({ input }) => {
              calls.integrate(input);
              throw { code: 'LINK_EDC_VA_FAIL', status: 400, kind: 'server' };
            }),
          },
        }),
      },
    }),
  ).start();
  return { list, calls };
}

async function openDetail(serial: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Details of ${serial}` }));
  return screen.findByRole('dialog');
}

describe('EdcScreen (core §2 /edc)', () => {
  it('lists machines with type, store, ShopQR and connection in words', async () => {
    const { list } = start();
    await renderScreen(<EdcScreen actor={list} />);
    const table = await screen.findByRole('table', { name: 'Card machine list' });
    await waitFor(() => expect(within(table).getAllByTestId('data-row')).toHaveLength(3));
    const rows = within(table).getAllByTestId('data-row');
    expect(rows[0]).toHaveTextContent('POS');
    expect(rows[0]).toHaveTextContent('Online');
    expect(rows[0]).toHaveTextContent('Not integrated');
    expect(rows[2]).toHaveTextContent('Not provisioned');
  });

  it('core §4: an unprovisioned Soundbox says contact the bank with the POS hotline and never calls activation', async () => {
    const { list, calls } = start();
    await renderScreen(<EdcScreen actor={list} />);
    const dialog = await openDetail(unprovisioned.serial_number);
    const notice = within(dialog).getByTestId('contact-bank');
    expect(notice).toHaveTextContent(defaultConfig.hotlines.pos);
    expect(within(notice).getByRole('link')).toHaveAttribute('href', `tel:${defaultConfig.hotlines.pos.replace(/\s/g, '')}`);
    expect(within(dialog).queryByRole('button', { name: 'Activate Soundbox' })).toBeNull();
    expect(calls.activate).not.toHaveBeenCalled();
  });

  it('activation asks for confirmation, then shows the failure with a retry', async () => {
    const { list, calls } = start();
    await renderScreen(<EdcScreen actor={list} />);
    const dialog = await openDetail(ready.serial_number);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate Soundbox' }));
    expect(calls.activate).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await within(dialog).findByText('Activation did not go through.');
    expect(calls.activate).toHaveBeenCalledWith(ready.serial_number);
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('an activation that went through shows the date and reloads the list (the parent machine, not the screen)', async () => {
    const { list, calls } = start({ activation: 'succeeds' });
    await renderScreen(<EdcScreen actor={list} />);
    const dialog = await openDetail(ready.serial_number);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate Soundbox' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await within(dialog).findByTestId('activated');
    await waitFor(() => expect(calls.load).toHaveBeenCalledTimes(2));
    // The detail stays open on the reloaded row.
    expect(within(dialog).getByTestId('activated')).toBeInTheDocument();
  });

  it('core §8 LINK_EDC_VA_FAIL: asks for another ShopQR and marks the refused one', async () => {
    const { list, calls } = start();
    await renderScreen(<EdcScreen actor={list} />);
    const dialog = await openDetail(pos.serial_number);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Integrate with a ShopQR' }));
    const select = await within(dialog).findByRole('combobox', { name: 'ShopQR' });
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: new RegExp(vas[1]!.va_account_no), hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Integrate' }));
    await within(dialog).findByText('This ShopQR cannot be used with this machine. Please choose another ShopQR.');
    expect(calls.integrate).toHaveBeenCalledWith({ vaAccountNo: vas[1]!.va_account_no, posId: pos.pos_id });
    fireEvent.click(select);
    const refused = await screen.findByRole('option', { name: /cannot be used/, hidden: true });
    expect(refused).toHaveTextContent(vas[1]!.va_account_no);
    expect(refused).toHaveAttribute('aria-disabled', 'true');
  });

  it('a connection check shows the answer with what to do, and reloads the list when the state changed', async () => {
    const { list, calls } = start();
    await renderScreen(<EdcScreen actor={list} />);
    const dialog = await openDetail(pos.serial_number);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check connection' }));
    await waitFor(() => expect(within(dialog).getByTestId('connection-result')).toHaveTextContent(/^Offline: switch the machine on/));
    expect(calls.check).toHaveBeenCalledWith(pos.serial_number);
    // The row said ONLINE: the list reloads so its badge catches up.
    await waitFor(() => expect(calls.load).toHaveBeenCalledTimes(2));
  });

  it('D87: a staff-type user sees the details and the note, but no integrate or activate button', async () => {
    const { list, calls } = start();
    await renderScreen(<EdcScreen actor={list} canManage={false} />);
    expect(await screen.findByTestId('owner-only-note')).toHaveTextContent('Only the owner can make changes');
    const dialog = await openDetail(ready.serial_number);
    expect(within(dialog).getAllByText(ready.serial_number, { exact: false }).length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Activate Soundbox' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /integrate|change/i })).toBeNull();
    expect(calls.activate).not.toHaveBeenCalled();
  });
});
