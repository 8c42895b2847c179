import { describe, expect, it } from 'vitest';
import { buyerProblem, buyerValid, canLookUp, fillFromCompany, INDIVIDUAL_BUYER, keepTyped, toBuyer, type BuyerForm } from './buyer';
import { newRun, parseRun, progressOf, requeueFailed, settle } from './bulk';

const business: BuyerForm = {
  isIndividual: false,
  name: 'Lê Hoàng Nam',
  company: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
  taxCode: '0105872463',
  idCard: '',
  address: '28 Láng Hạ, Hà Nội',
  email: '',
  phone: '',
};

describe('e-invoice buyer form (doc 2 §5)', () => {
  it('issue 25 §6: an individual may give a name, a 12-digit personal ID, an e-mail and an address, all optional', () => {
    expect(buyerValid(INDIVIDUAL_BUYER)).toBe(true);
    expect(buyerProblem({ ...INDIVIDUAL_BUYER, name: '  ' }, 'name')).toBeNull();
    expect(toBuyer({ ...INDIVIDUAL_BUYER, name: '  ' })).toEqual({ isIndividual: true, name: 'Khách lẻ' });
    expect(toBuyer(INDIVIDUAL_BUYER)).toEqual({ isIndividual: true, name: 'Khách lẻ' });
    const person = {
      ...INDIVIDUAL_BUYER,
      name: 'Trần Thị Mai',
      idCard: '001185012345',
      email: ' mai@example.vn ',
      address: '12 Hàng Bạc, Hà Nội',
    };
    expect(buyerValid(person)).toBe(true);
    expect(toBuyer(person)).toEqual({
      isIndividual: true,
      name: 'Trần Thị Mai',
      idCard: '001185012345',
      email: 'mai@example.vn',
      address: '12 Hàng Bạc, Hà Nội',
    });
    expect(buyerProblem({ ...person, idCard: '00118501234' }, 'idCard')).toBe('idCard');
    expect(buyerProblem({ ...person, email: 'mai@' }, 'email')).toBe('format');
    expect(keepTyped('idCard', '001 185-012 345')).toBe('001185012345');
    // A business's fields left from before the switch are neither checked nor sent.
    expect(buyerValid({ ...person, taxCode: 'x' })).toBe(true);
    expect(toBuyer({ ...person, company: 'X', taxCode: '1' })).not.toHaveProperty('taxCode');
  });

  it('a business needs tax code, company, address and name; e-mail and phone are optional but checked', () => {
    expect(buyerValid(business)).toBe(true);
    for (const field of ['taxCode', 'company', 'address', 'name'] as const)
      expect(buyerProblem({ ...business, [field]: '' }, field)).toBe('required');
    expect(buyerProblem({ ...business, taxCode: '01058724' }, 'taxCode')).toBe('format');
    expect(buyerProblem({ ...business, taxCode: '0105872463-000' }, 'taxCode')).toBe('format');
    expect(buyerProblem({ ...business, idCard: '1' }, 'idCard')).toBeNull();
    expect(buyerProblem({ ...business, email: 'not-an-email' }, 'email')).toBe('format');
    expect(buyerProblem({ ...business, phone: '02437712345' }, 'phone')).toBeNull();
    expect(buyerProblem({ ...business, phone: 'call me' }, 'phone')).toBe('format');
    expect(toBuyer({ ...business, email: ' a@b.vn ' })).toMatchObject({
      company: business.company,
      taxCode: '0105872463',
      email: 'a@b.vn',
    });
    expect(toBuyer(business).phone).toBeUndefined();
  });

  it('issue 25 §6: branch (10-3) and 12-digit personal and household codes are accepted; a wrong check digit is refused', () => {
    expect(buyerProblem({ ...business, taxCode: '0105872463-001' }, 'taxCode')).toBeNull();
    expect(buyerProblem({ ...business, taxCode: '001085012345' }, 'taxCode')).toBeNull();
    expect(buyerProblem({ ...business, taxCode: '0105872464' }, 'taxCode')).toBe('checkDigit');
    expect(buyerProblem({ ...business, taxCode: '0105872464-001' }, 'taxCode')).toBe('checkDigit');
    expect(canLookUp({ ...business, taxCode: '0105872464' })).toBe(false);
    expect(canLookUp({ ...business, taxCode: '001085012345' })).toBe(true);
  });

  it('the tax-code field keeps digits and a hyphen; the lookup needs a whole tax code', () => {
    expect(keepTyped('taxCode', '01 05<b>87x2463')).toBe('0105872463');
    expect(keepTyped('name', 'x'.repeat(500))).toHaveLength(200);
    expect(canLookUp({ ...business, taxCode: '010587246' })).toBe(false);
    expect(canLookUp(business)).toBe(true);
    expect(canLookUp({ ...business, isIndividual: true })).toBe(false);
  });

  it('the lookup fills what the provider knows and keeps what was typed otherwise', () => {
    const filled = fillFromCompany(
      { ...business, company: '', email: 'typed@x.vn' },
      { taxCode: '0105872463', name: 'SÔNG HỒNG', address: 'Láng Hạ', representative: 'Nam', email: '', phone: '024' },
    );
    expect(filled).toMatchObject({ company: 'SÔNG HỒNG', address: 'Láng Hạ', name: 'Nam', email: 'typed@x.vn', phone: '024' });
  });
});

describe('bulk run (doc 2 §4)', () => {
  const run = newRun([
    { orderId: 1, orderCode: 'DH1' },
    { orderId: 2, orderCode: 'DH2' },
    { orderId: 3, orderCode: 'DH3' },
  ]);

  it('progress counts exported and skipped over the total', () => {
    const done = settle(settle(run, 0, { status: 'exported', eivCode: 'a::b::1' }), 1, { status: 'skipped', eivCode: 'a::c::2' });
    expect(progressOf(done)).toMatchObject({ done: 2, total: 3, percent: 66, exported: 1, skipped: 1 });
    const failed = settle(done, 2, { status: 'failed', error: 'EINV_INVOICE_REFUSED' });
    expect(requeueFailed(failed).items.map((i) => i.status)).toEqual(['exported', 'skipped', 'pending']);
  });

  it('a saved run is read back, and anything else in the slot is dropped', () => {
    expect(parseRun(JSON.stringify(run))).toEqual(run);
    expect(parseRun(null)).toBeNull();
    expect(parseRun('{')).toBeNull();
    expect(parseRun(JSON.stringify({ items: [] }))).toBeNull();
    expect(parseRun(JSON.stringify({ items: [{ ...run.items[0], orderId: -1 }] }))).toBeNull();
    expect(parseRun(JSON.stringify({ items: [{ ...run.items[0], status: 'hacked' }] }))).toBeNull();
    expect(parseRun(JSON.stringify({ items: [{ ...run.items[0], buyer: 'x' }] }))).toEqual({ items: [run.items[0]] });
  });

  it('issue 24 §7: the serial of each exported invoice is kept with the run; a run saved before serials were kept reads as none', () => {
    const exported = settle(run, 0, { status: 'exported', eivCode: '::DLBGLTG52H::1', serial: '1C26TMV' });
    expect(parseRun(JSON.stringify(exported))).toEqual(exported);
    const { serial: _serial, ...legacy } = exported.items[0]!;
    expect(parseRun(JSON.stringify({ items: [legacy] }))).toEqual({ items: [{ ...legacy, serial: null }] });
    expect(parseRun(JSON.stringify({ items: [{ ...legacy, serial: 42 }] }))).toBeNull();
    expect(parseRun(JSON.stringify({ items: [{ ...legacy, serial: 'X'.repeat(21) }] }))).toBeNull();
  });

  it('issue 25 §3, D254: an invoice not dated at the sale keeps its date with the run across a reload', () => {
    const dated = settle(run, 0, { status: 'exported', eivCode: '::DLBGLTG52H::1', serial: '1C27TMV', datedToday: 1_798_736_700_000 });
    expect(parseRun(JSON.stringify(dated))).toEqual(dated);
    expect(parseRun(JSON.stringify({ items: [{ ...dated.items[0], datedToday: 'today' }] }))).toBeNull();
  });
});
