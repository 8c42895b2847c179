import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRINT_BRIDGE_NAME } from './bridge';
import { createReceiptPrinter, PRINT_FRAME_ID, PRINT_WAIT_MAX_MS, PRINT_WAIT_MS } from './printer';
import type { ReceiptData } from './receipt';

const receipt: ReceiptData = {
  shopName: 'Phở Cồ <b>',
  shopAddress: null,
  orderCode: 'PHO0041',
  tableName: 'Bàn 3',
  time: 1_795_000_000,
  lines: [{ name: 'Phở bò', amount: 2, price: 65_000 }],
  total: 130_000,
  paid: true,
  paymentMethod: 'CASH',
  receiveAmount: 200_000,
  returnAmount: 70_000,
  qr: null,
  copy: false,
  language: 'vi',
  invoice: null,
};

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[PRINT_BRIDGE_NAME];
  document.getElementById(PRINT_FRAME_ID)?.remove();
});

describe('receipt printer', () => {
  it('hands the receipt to the Android bridge as JSON when the page runs inside one, and renders nothing', async () => {
    const printReceipt = vi.fn((_json: string) => true);
    (window as unknown as Record<string, unknown>)[PRINT_BRIDGE_NAME] = { printReceipt };
    const render = vi.fn();
    const print = createReceiptPrinter({ win: window, render, wait: async () => {} });
    expect(await print(receipt)).toBe('bridge');
    expect(JSON.parse(printReceipt.mock.calls[0]![0])).toEqual(receipt);
    expect(render).not.toHaveBeenCalled();
    expect(document.getElementById(PRINT_FRAME_ID)).toBeNull();
  });

  it('says so when the bridge refuses', async () => {
    (window as unknown as Record<string, unknown>)[PRINT_BRIDGE_NAME] = { printReceipt: () => false };
    const print = createReceiptPrinter({ win: window, render: vi.fn(), wait: async () => {} });
    await expect(print(receipt)).rejects.toMatchObject({ code: 'PRINT_FAILED' });
  });

  function fakeFrame() {
    const doc = document.implementation.createHTMLDocument('receipt');
    const print = vi.fn();
    return { frame: { document: doc, focus: vi.fn(), print }, print, doc };
  }

  it('ignores a bridge-like object without printReceipt and prints in the browser', async () => {
    (window as unknown as Record<string, unknown>)[PRINT_BRIDGE_NAME] = { print: () => true };
    const { frame, print: printed } = fakeFrame();
    const print = createReceiptPrinter({
      win: window,
      render: async () => ({ html: '<p>r</p>', css: '' }),
      wait: async () => {},
      openFrame: () => frame,
    });
    expect(await print(receipt)).toBe('browser');
    expect(printed).toHaveBeenCalledTimes(1);
  });

  it('otherwise prints a frame holding only the receipt on an 80 mm page, after the §9 waits (500 ms, images up to 2 s)', async () => {
    const waits: number[] = [];
    const { frame, print: printed, doc } = fakeFrame();
    let printedAfterWaits = false;
    printed.mockImplementation(() => {
      printedAfterWaits = waits.includes(PRINT_WAIT_MS);
    });
    const print = createReceiptPrinter({
      win: window,
      render: async () => ({ html: '<article class="receipt">PHO0041</article>', css: '.receipt{width:72mm}' }),
      wait: async (ms) => void waits.push(ms),
      openFrame: () => frame,
    });
    expect(await print(receipt)).toBe('browser');
    expect(printed).toHaveBeenCalledTimes(1);
    expect(printedAfterWaits).toBe(true);
    expect(doc.body.textContent).toBe('PHO0041');
    expect(doc.head.textContent).toContain('@page { size: 80mm auto; margin: 0 }');
    expect(waits).toEqual(expect.arrayContaining([PRINT_WAIT_MS, PRINT_WAIT_MAX_MS]));
  });
});
