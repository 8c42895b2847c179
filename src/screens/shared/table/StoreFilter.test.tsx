import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { cleanup } from '@testing-library/react';
import { renderScreen } from '../test/render';
import { StoreFilter, type StoreOption } from './StoreFilter';

afterEach(cleanup);

// happy-dom has no layout: give elements the dropdown's size so the virtualiser has a window to fill.
beforeAll(() => {
  for (const [prop, size] of [
    ['offsetHeight', 216],
    ['offsetWidth', 260],
    ['clientHeight', 216],
    ['clientWidth', 260],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => size });
  }
});
afterAll(() => {
  for (const prop of ['offsetHeight', 'offsetWidth', 'clientHeight', 'clientWidth']) {
    delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
  }
});

const STORES: StoreOption[] = Array.from({ length: 100_000 }, (_, i) => ({
  id: String(i + 1),
  name: i === 54_321 ? 'Phở Cổ – Đống Đa' : `Cửa hàng số ${i + 1}`,
}));

describe('StoreFilter (core §9: 100,000-row dropdown, max height 216)', () => {
  it('renders only a window of the 100,000 stores', async () => {
    await renderScreen(<StoreFilter stores={STORES} value={null} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Store' }));
    const list = await screen.findByRole('listbox', { name: 'Store', hidden: true });
    const options = within(list).getAllByRole('option', { hidden: true });
    expect(options.length).toBeGreaterThan(0);
    // A 216 px window of 36 px rows plus a few rows of overscan, not 100,001 rows.
    expect(options.length).toBeLessThan(30);
    expect(options[0]).toHaveTextContent('All stores');
    expect(options[0]).toHaveAttribute('aria-setsize', '100001');
    expect(list.style.height).toBe('216px');
  });

  it('filters as you type, without diacritics, and picks with the keyboard', async () => {
    const onChange = vi.fn();
    await renderScreen(<StoreFilter stores={STORES} value={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Store' });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'pho co dong da' } });
    const list = await screen.findByRole('listbox', { name: 'Store', hidden: true });
    const options = within(list).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['All stores', 'Phở Cổ – Đống Đa']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('54322', { id: '54322', name: 'Phở Cổ – Đống Đa' });
  });

  it('says when nothing matches', async () => {
    await renderScreen(<StoreFilter stores={STORES} value={null} onChange={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Store' });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'zzzz' } });
    expect(await screen.findByText('No store matches')).toBeInTheDocument();
  });

  it('as a required form field: no "all stores" row, its own label, and the error tied to the field (core §5 ShopQR add)', async () => {
    const onChange = vi.fn();
    await renderScreen(
      <StoreFilter stores={STORES} value={null} onChange={onChange} label="Cửa hàng nhận" required error="Chọn cửa hàng" />,
    );
    const input = screen.getByRole('combobox', { name: /Cửa hàng nhận/ });
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain('Chọn cửa hàng');
    fireEvent.click(input);
    const list = await screen.findByRole('listbox', { name: 'Cửa hàng nhận', hidden: true });
    const options = within(list).getAllByRole('option', { hidden: true });
    expect(options[0]).toHaveTextContent('Cửa hàng số 1');
    expect(options[0]).toHaveAttribute('aria-setsize', '100000');
    fireEvent.click(options[0]!);
    expect(onChange).toHaveBeenCalledWith('1', STORES[0]);
  });
});
