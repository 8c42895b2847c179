import { describe, expect, it } from 'vitest';
import { LONG, SCRIPT, ZERO_WIDTH } from '../hostile';
import { compareTables, foldTableName, tableQrText, tableSearchText, tidyTableName, validateTableName } from './table';

describe('table name rules (doc 2 §5, D135)', () => {
  it('requires visible text, at most 50 characters, no control characters', () => {
    expect(validateTableName('')).toBe('required');
    expect(validateTableName('   ')).toBe('required');
    expect(validateTableName(ZERO_WIDTH)).toBe('required');
    expect(validateTableName('x'.repeat(50))).toBeNull();
    expect(validateTableName('x'.repeat(51))).toBe('tooLong');
    expect(validateTableName(LONG)).toBe('tooLong');
    expect(validateTableName('Bàn\u00071')).toBe('invalid');
    expect(validateTableName(SCRIPT)).toBeNull();
    expect(tidyTableName('  Bàn   2A ')).toBe('Bàn 2A');
  });

  it('folds case and Vietnamese accents, đ as d', () => {
    expect(foldTableName('Sân Vườn Đá')).toBe('san vuon da');
    expect(foldTableName('BÀN 1')).toBe(foldTableName('ban 1'));
    expect(tableSearchText('  san\u0000 vuon  ')).toBe('san vuon');
  });

  it('orders names naturally, Bàn 2 before Bàn 10', () => {
    const names = ['Bàn 10', 'Sân vườn 1', 'Bàn 2', 'bàn 1'].map((table_name, i) => ({ table_name, table_id: i + 1 }));
    expect(names.sort(compareTables).map((t) => t.table_name)).toEqual(['bàn 1', 'Bàn 2', 'Bàn 10', 'Sân vườn 1']);
  });

  it('builds the QR text {website}order/{table_id}[/{order_id}] (doc 2 §2), none without a website', () => {
    expect(tableQrText('https://order.phoco.example.vn/', 12, null)).toBe('https://order.phoco.example.vn/order/12');
    expect(tableQrText('https://order.phoco.example.vn', 12, 501)).toBe('https://order.phoco.example.vn/order/12/501');
    expect(tableQrText(null, 12, null)).toBeNull();
    expect(tableQrText('  ', 12, null)).toBeNull();
  });
});
