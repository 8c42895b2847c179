import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { defineList } from '../../../machines/shared/list/pagedList';
import { renderScreen } from '../test/render';
import { ListTable } from './ListTable';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}

const list = defineList({ types: { row: {} as Row }, pageSizes: [10, 25], deletion: 'keep' });
const machine = list.setup.createMachine({
  id: 'testList',
  type: 'parallel',
  context: list.context({ pageSize: 10 }, {}),
  states: { list: list.listRegion(), deletion: list.deletionRegion() },
});

function start(options: { failFirstLoad?: boolean; deleteFails?: boolean } = {}) {
  let loads = 0;
  const loadPage = vi.fn(async ({ input }: { input: { page: number } }) => {
    loads += 1;
    if (options.failFirstLoad && loads === 1) throw { code: 'NETWORK_ERROR' };
    return {
      rows: Array.from({ length: input.page === 3 ? 1 : 10 }, (_, i) => ({ id: input.page * 100 + i, name: `Row ${input.page}-${i}` })),
      totalPage: 3,
    };
  });
  const deleteRow = vi.fn(async () => {
    if (options.deleteFails) throw { code: 'DELETE_BANK_ERROR' };
  });
  const actor = createActor(
    machine.provide({ actors: { loadPage: fromPromise(loadPage as never), deleteRow: fromPromise(deleteRow as never) } }),
  ).start();
  return { actor, loadPage, deleteRow };
}

function renderList(actor: ReturnType<typeof start>['actor']) {
  return renderScreen(
    <ListTable<Row>
      actor={actor}
      label="Rows"
      columns={[
        { key: 'name', header: 'Name', cell: (r) => r.name, rowHeader: true },
        {
          key: 'delete',
          header: 'Actions',
          cell: (r) => <button onClick={() => actor.send({ type: 'DELETE.ASK', row: r })}>Delete {r.name}</button>,
        },
      ]}
      pageSizes={[10, 25]}
      resultText={(info) => `${info.count} rows, page ${info.page} of ${info.pages}`}
      deleteDialog={{ title: 'Delete row', body: (r) => `Delete ${r.name}?` }}
    />,
  );
}

describe('ListTable (any defineList list on the shared table)', () => {
  it('shows the failure with a retry that loads again', async () => {
    const { actor, loadPage } = start({ failFirstLoad: true });
    await renderList(actor);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded');
    expect(alert).toHaveTextContent('check your network connection');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(10));
    expect(loadPage).toHaveBeenCalledTimes(2);
  });

  it('pages and changes the page size through the machine', async () => {
    const { actor, loadPage } = start();
    await renderList(actor);
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getAllByTestId('data-row')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '25' } });
    await waitFor(() =>
      expect(loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ input: expect.objectContaining({ page: 1, pageSize: 25 }) })),
    );
  });

  it('asks before deleting, and keeps the dialog with the reason when the delete is refused', async () => {
    const { actor, deleteRow } = start({ deleteFails: true });
    await renderList(actor);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Row 1-0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete row' });
    expect(dialog).toHaveTextContent('Delete Row 1-0?');
    expect(deleteRow).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await within(dialog).findByRole('alert');
    expect(deleteRow).toHaveBeenCalledWith(expect.objectContaining({ input: { id: 100, name: 'Row 1-0' } }));
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
