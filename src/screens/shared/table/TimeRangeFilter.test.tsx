import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { cleanup } from '@testing-library/react';
import { renderScreen } from '../test/render';
import { TimeRangeFilter } from './TimeRangeFilter';

afterEach(cleanup);

const NOW = Date.UTC(2026, 10, 22, 3, 0, 0); // 22/11/2026 10:00 in Vietnam

async function openCustom(language: 'vi' | 'en' = 'en') {
  const onChange = vi.fn();
  await renderScreen(<TimeRangeFilter value={{ preset: 'today' }} onChange={onChange} nowMs={NOW} language={language} />, { language });
  fireEvent.change(screen.getByTestId('time-preset'), { target: { value: 'custom' } });
  // The day fields are a lazy chunk (the date library is fetched only for a custom range).
  await screen.findByTestId('range-to', {}, { timeout: 10_000 });
  return onChange;
}

function type(testId: string, text: string) {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  return input;
}

describe('TimeRangeFilter (core §2 presets, §5 custom range)', { timeout: 20_000 }, () => {
  it('reports a preset at once', async () => {
    const onChange = vi.fn();
    await renderScreen(<TimeRangeFilter value={{ preset: 'today' }} onChange={onChange} nowMs={NOW} language="en" />);
    fireEvent.change(screen.getByTestId('time-preset'), { target: { value: 'lastMonth' } });
    expect(onChange).toHaveBeenCalledWith({ preset: 'lastMonth' });
  });

  it('refuses a custom range over 30 days with a message, keeps what was typed and applies nothing', async () => {
    const onChange = await openCustom();
    const from = type('range-from', '01/10/2026');
    const to = type('range-to', '20/11/2026');
    expect(screen.getByRole('alert')).toHaveTextContent('The range can be at most 30 days');
    fireEvent.click(screen.getByTestId('range-apply'));
    expect(onChange).not.toHaveBeenCalled();
    expect(from.value).toBe('01/10/2026');
    expect(to.value).toBe('20/11/2026');
  });

  it('says it in Vietnamese for a Vietnamese user', async () => {
    await openCustom('vi');
    type('range-from', '01/10/2026');
    type('range-to', '20/11/2026');
    expect(screen.getByRole('alert')).toHaveTextContent('Khoảng thời gian tối đa là 30 ngày');
  });

  it('refuses an end before the start and a day after today', async () => {
    await openCustom();
    type('range-from', '10/11/2026');
    type('range-to', '05/11/2026');
    expect(screen.getByRole('alert')).toHaveTextContent('cannot be before the start');
    type('range-to', '23/11/2026');
    expect(screen.getByRole('alert')).toHaveTextContent('after today');
  });

  it('applies a valid range of 30 days', async () => {
    const onChange = await openCustom();
    type('range-from', '24/10/2026');
    type('range-to', '22/11/2026');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByTestId('range-apply'));
    expect(onChange).toHaveBeenCalledWith({ preset: 'custom', from: '2026-10-24', to: '2026-11-22' });
  });
});
