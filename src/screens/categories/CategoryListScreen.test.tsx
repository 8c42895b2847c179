import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { categoryListMachine } from '../../machines/categories/categoryList.machine';
import type { CategoryListQuery } from '../../services/categories/api';
import type { Category, CategoryPage, NewCategory } from '../../services/categories/schemas';
import { renderScreen } from '../shared/test/render';
import { chipSlot } from '../shared/Chips';
import { CategoryListScreen } from './CategoryListScreen';

afterEach(cleanup);

const rows: Category[] = [
  { category_id: 13, category_name: '<img src=x onerror=alert(1)>', description: '<b>không đậm</b>' },
  { category_id: 12, category_name: 'Trà', description: 'Trà đá, trà chanh' },
  { category_id: 11, category_name: 'Cà phê', description: '' },
  { category_id: 10, category_name: 'Đồ uống', description: 'Nước ngọt' },
];

function start(options: { create?: (body: NewCategory) => Promise<{ id: number }> } = {}) {
  const loads: CategoryListQuery[] = [];
  const created: NewCategory[] = [];
  const actor = createActor(
    categoryListMachine.provide({
      actors: {
        loadPage: fromPromise<CategoryPage, CategoryListQuery>(async ({ input }) => {
          loads.push(input);
          return { rows: input.page === 2 ? rows.slice(0, 1) : rows, totalPage: 2 };
        }),
        deleteRow: fromPromise<void, { id: number }>(async () => {}),
        createCategory: fromPromise<{ id: number }, NewCategory>(async ({ input }) => {
          created.push(input);
          return options.create ? options.create(input) : { id: 14 };
        }),
      },
    }),
    { input: { query: { page: 2, pageSize: 10 } } },
  ).start();
  return { actor, loads, created };
}

describe('category list screen (doc 2 §2, §3 Category)', () => {
  it('numbers rows across pages, shows names as chips in four colours and renders markup as text', async () => {
    const { actor } = start();
    await renderScreen(<CategoryListScreen actor={actor} />);
    const table = await screen.findByTestId('category-table');
    await waitFor(() => expect(within(table).getByText('<img src=x onerror=alert(1)>')).toBeTruthy());
    // Page 2 of ten per page starts at 11.
    expect(within(table).getByText('11')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(within(table).getByText('<b>không đậm</b>')).toBeTruthy();
    actor.send({ type: 'PAGE.SET', page: 1 });
    await waitFor(() => expect(within(table).getByText('Đồ uống')).toBeTruthy());
    const slots = [...table.querySelectorAll('[data-chip-slot]')].map((el) => el.getAttribute('data-chip-slot'));
    expect(new Set(slots).size).toBe(4);
    expect(slots).toEqual(rows.map((r) => String(chipSlot(r.category_id))));
  });

  it('adds a category: messages after the first submit, nothing invalid sent, a refusal keeps what was typed', async () => {
    let refuse = true;
    const { actor, created, loads } = start({
      create: async () => {
        if (refuse) throw { code: 'NAME_CODE_EXIST', status: 409 };
        return { id: 14 };
      },
    });
    await renderScreen(<CategoryListScreen actor={actor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter the category name.')).toBeTruthy();
    expect(created).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Category name/), { target: { value: '  Đồ uống ' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Nước' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByTestId('category-create-error').textContent).toContain('already exists'));
    expect(created).toEqual([{ name: 'Đồ uống', description: 'Nước' }]);
    expect((within(dialog).getByLabelText(/Category name/) as HTMLInputElement).value).toBe('  Đồ uống ');
    expect((within(dialog).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Nước');

    refuse = false;
    fireEvent.change(within(dialog).getByLabelText(/Category name/), { target: { value: 'Sinh tố' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Newest first: the list goes back to page 1 to show it.
    await waitFor(() => expect(loads.at(-1)).toEqual({ page: 1, pageSize: 10 }));
  });

  it('asks before deleting and names the category', async () => {
    const { actor } = start();
    await renderScreen(<CategoryListScreen actor={actor} />);
    actor.send({ type: 'PAGE.SET', page: 1 });
    const button = await screen.findByRole('button', { name: 'Delete category Trà' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete the category "Trà"/)).toBeTruthy();
  });
});
