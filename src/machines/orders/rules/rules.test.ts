import { describe, expect, it } from 'vitest';
import { addToBasket, amountInBasket, basketTotal, lastLine, putAmount, setBasketAmount, setLineNote, stepAmount } from './basket';
import { DEFAULT_ORDER_QUERY, orderQueryFromSearchParams, orderQueryToSearchParams } from './orderUrl';
import { quickNameProblem, quickPhoneProblem, searchablePhone } from './quickCustomer';

const pho = { product_id: 7, code: 'PC001', name: 'Phở bò tái', img: null, price: 55_000, status: 0 as const, category_ids: [3] };

describe('order rules', () => {
  it('quick create (doc 2 §5): name letters and single spaces, no leading space; phone a mobile without spaces', () => {
    expect(quickNameProblem('Nguyễn Thị Lan')).toBeNull();
    expect(quickNameProblem('')).toBe('required');
    expect(quickNameProblem('   ')).toBe('required');
    expect(quickNameProblem(' Lan')).toBe('leadingSpace');
    expect(quickNameProblem('Lan  Anh')).toBe('doubleSpace');
    expect(quickNameProblem('Lan2')).toBe('lettersOnly');
    expect(quickNameProblem('<b>Lan</b>')).toBe('lettersOnly');
    expect(quickNameProblem('a'.repeat(101))).toBe('tooLong');
    expect(quickPhoneProblem('')).toBe('required');
    expect(quickPhoneProblem('0912 345 678')).toBe('whitespace');
    expect(quickPhoneProblem('0212345678')).toBe('format');
    expect(searchablePhone('+84912345678')).toBe('0912345678');
    expect(searchablePhone('0912 345 678')).toBeNull();
  });

  it('basket: 1..999 per line, 0 removes, nonsense changes nothing', () => {
    let basket = addToBasket([], pho);
    basket = addToBasket(basket, pho);
    expect(basket).toEqual([{ product_id: 7, code: 'PC001', name: 'Phở bò tái', price: 55_000, amount: 2 }]);
    expect(basketTotal(basket)).toBe(110_000);
    expect(setBasketAmount(basket, 7, 5000)[0]!.amount).toBe(999);
    expect(setBasketAmount(basket, 7, 1.5)).toEqual(basket);
    expect(setBasketAmount(basket, 7, Number.NaN)).toEqual(basket);
    expect(setBasketAmount(basket, 7, 0)).toEqual([]);
    expect(addToBasket(setBasketAmount(basket, 7, 999), pho)[0]!.amount).toBe(999);
  });

  it('the address bar: filters and paging round-trip; hostile values fall back to defaults', () => {
    const query = { page: 3, pageSize: 25, filter: { q: 'bàn 3', status: 0 as const, exported: false, source: 'KIOSK' as const } };
    expect(orderQueryFromSearchParams(orderQueryToSearchParams(query))).toEqual(query);
    expect(orderQueryToSearchParams(DEFAULT_ORDER_QUERY).toString()).toBe('');
    const hostile = new URLSearchParams('page=-1&page_size=7&order_status=9&is_eiv_exported=yes&source=<script>&q=' + 'x'.repeat(500));
    const parsed = orderQueryFromSearchParams(hostile);
    expect(parsed).toMatchObject({ page: 1, pageSize: 10, filter: { status: null, exported: null, source: null } });
    expect(parsed.filter.q).toHaveLength(100);
    // doc 2 §2: the list's first page as the completed-order redirect writes it.
    expect(orderQueryFromSearchParams(new URLSearchParams('page=1&page_size=10'))).toEqual(DEFAULT_ORDER_QUERY);
  });
});

describe('touch order taking (D333, D335, D336)', () => {
  const tra = { ...pho, product_id: 8, code: 'PC002', name: 'Trà đá', price: 5_000 };

  it('issue 28 §1: the quantity entry sets a dish’s line, making it when absent, 0 takes it out, outside 0..999 changes nothing', () => {
    let basket = putAmount([], pho, 12);
    expect(basket).toEqual([{ product_id: 7, code: 'PC001', name: 'Phở bò tái', price: 55_000, amount: 12 }]);
    basket = putAmount(basket, pho, 3);
    expect(amountInBasket(basket, 7)).toBe(3);
    for (const bad of [1000, -1, 2.5, '4', NaN]) expect(putAmount(basket, pho, bad)).toEqual(basket);
    expect(putAmount([], tra, 0)).toEqual([]);
    expect(putAmount(basket, pho, 0)).toEqual([]);
  });

  it('issue 28 §1: the stepper adds or takes one, stops at 999, and − on 1 takes the line out', () => {
    let basket = addToBasket([], pho);
    basket = stepAmount(basket, 7, 1);
    expect(amountInBasket(basket, 7)).toBe(2);
    expect(amountInBasket(stepAmount(putAmount(basket, pho, 999), 7, 1), 7)).toBe(999);
    basket = stepAmount(stepAmount(basket, 7, -1), 7, -1);
    expect(basket).toEqual([]);
    expect(stepAmount(basket, 99, 1)).toEqual([]);
  });

  it('the + and − keys change the dish touched last while it is in the basket, else the last line', () => {
    const basket = addToBasket(addToBasket([], pho), tra);
    expect(lastLine(basket, 7)?.product_id).toBe(7);
    expect(lastLine(basket, 42)?.product_id).toBe(8);
    expect(lastLine([], 7)).toBeNull();
  });

  it('a line’s note is cut at 100 characters and belongs to that line only', () => {
    const basket = setLineNote(addToBasket(addToBasket([], pho), tra), 7, 'ít hành '.repeat(20));
    expect(basket[0]!.note).toHaveLength(100);
    expect(basket[1]!.note).toBeUndefined();
  });
});
