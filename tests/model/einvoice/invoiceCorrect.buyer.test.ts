import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { draftOf, invoiceCorrectMachine } from '../../../src/machines/einvoice/invoiceCorrect.machine';
import { REPO_VAT_RATES_INPUT, vatRateTableSchema } from '../../../src/rules/vatRates';
import { codedRow } from './listFixtures';

const vatRates = vatRateTableSchema.parse(REPO_VAT_RATES_INPUT);

/** The dialog on `codedRow`, replacing it with a reason, after `fields` are typed. */
function replacing(fields: Array<[field: 'buyerName' | 'buyerAddress' | 'buyerTaxCode', value: string]>) {
  const actor = createActor(invoiceCorrectMachine, { input: { row: codedRow, key: 'k-1', vatRates } }).start();
  actor.send({ type: 'KIND.SET', kind: 'replace' });
  actor.send({ type: 'FIELD.CHANGE', field: 'reason', value: 'Sai mã số thuế người mua' });
  actor.send({ type: 'LINE.SET', index: 0, patch: { name: 'Lẩu cá kèo', unitPrice: 1_500_000, taxClass: 'REDUCED_ELIGIBLE' } });
  for (const [field, value] of fields) actor.send({ type: 'FIELD.CHANGE', field, value });
  actor.send({ type: 'REVIEW' });
  return actor;
}

describe('the correcting invoice’s buyer (issue 25 §5, §6; D237)', () => {
  it('without a tax code the buyer is a person, as the list names the original’s buyer', () => {
    const actor = replacing([['buyerAddress', '12 Hàng Bạc']]);
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    expect(draftOf(actor.getSnapshot().context).buyer).toEqual({
      isIndividual: true,
      name: codedRow.invoice.buyerName,
      address: '12 Hàng Bạc',
    });
  });

  it('with a tax code (10 digits, a branch 10-3 or 12 digits) the buyer is the business, named as its company', () => {
    for (const code of ['0105872463', '0314409058-002', '001203012345']) {
      const actor = replacing([
        ['buyerName', 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG'],
        ['buyerTaxCode', ` ${code} `],
        ['buyerAddress', '1 Tràng Tiền, Hoàn Kiếm, Hà Nội'],
      ]);
      expect(actor.getSnapshot().matches('reviewing'), code).toBe(true);
      expect(draftOf(actor.getSnapshot().context).buyer).toEqual({
        isIndividual: false,
        name: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
        company: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG',
        taxCode: code,
        address: '1 Tràng Tiền, Hoàn Kiếm, Hà Nội',
      });
    }
  });

  it('a wrong check digit, and a business without its address, stop the review with their problems; nothing typed is lost', () => {
    const actor = replacing([
      ['buyerName', 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG'],
      ['buyerTaxCode', '0105872464'],
    ]);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(context.problems).toEqual(expect.arrayContaining(['buyerTaxCode', 'buyerAddress']));
    expect(context.form.values).toMatchObject({ buyerName: 'CÔNG TY CỔ PHẦN CÔNG NGHỆ SÔNG HỒNG', buyerTaxCode: '0105872464' });
  });
});
