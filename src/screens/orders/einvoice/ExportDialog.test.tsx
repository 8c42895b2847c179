import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { einvoiceExportMachine, type ExportRequest, type SavedCode } from '../../../machines/orders/einvoiceExport.machine';
import { sampleOrder } from '../../../services/orders/samples';
import type { Order } from '../../../services/orders/schemas';
import type { CompanyInfo, EinvoiceSettings, ExportResult } from '../../../services/einvoice';
import { renderScreen } from '../../shared/test/render';
import { ExportDialog } from './ExportDialog';
import { sampleCompany, sampleSettings } from '../../../services/einvoice/samples';

afterEach(cleanup);

const settings = sampleSettings();
const order: Order = { ...sampleOrder, order_id: 41, order_code: 'DH412301', eiv_code: null, cqt_code: null, is_eiv_exported: false };
const company = sampleCompany;

interface Answers {
  settings?: EinvoiceSettings | null;
  approved?: boolean;
  lookup?: CompanyInfo | null;
  create?: (request: ExportRequest) => Promise<ExportResult>;
  save?: () => Promise<SavedCode>;
}

function exportActor(answers: Answers = {}) {
  const create = vi.fn(
    answers.create ??
      (async (): Promise<ExportResult> => ({ eivCode: 'M1::K7Q2::12', serial: '1C26TMS', providerId: 'misa-41', existing: false })),
  );
  const save = vi.fn(answers.save ?? (async () => ({ eivCode: 'M1::K7Q2::12' })));
  const actor = createActor(
    einvoiceExportMachine.provide({
      actors: {
        loadSettings: fromPromise(async () => (answers.settings === undefined ? settings : answers.settings)),
        checkDeclaration: fromPromise(async () => ({ approved: answers.approved ?? true })),
        lookupCompany: fromPromise(async () => (answers.lookup === undefined ? company : answers.lookup)),
        createInvoice: fromPromise<ExportResult, ExportRequest>(({ input }) => create(input)),
        saveCode: fromPromise<SavedCode, { orderId: number; eivCode: string }>(() => save()),
      },
    }),
    { input: { order } },
  );
  actor.start();
  return { actor, create, save };
}

const submit = () => fireEvent.click(screen.getByTestId('einvoice-submit'));
const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;

describe('order e-invoice export dialog (doc 2 §4, §5)', () => {
  it('doc 2 §5: an individual buyer is "Khách lẻ" by default and the export shows the invoice it saved', async () => {
    const { actor, create } = exportActor();
    await renderScreen(<ExportDialog actor={actor} settingHref="/e-inv-setting" />);
    expect(await screen.findByRole('dialog', { name: 'E-invoice of order DH412301' })).toBeTruthy();
    expect(field("Buyer's name").value).toBe('Khách lẻ');
    submit();
    await screen.findByTestId('einvoice-done');
    expect(screen.getByTestId('einvoice-code').textContent).toBe('Symbol C26TMS · No. 12 · Lookup code K7Q2');
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]![0].orderId).toBe(41);
  });

  it('doc 2 §5: a business buyer is checked on submit, and the tax-code lookup fills the company, address and contact', async () => {
    const { actor, create } = exportActor();
    await renderScreen(<ExportDialog actor={actor} settingHref="/e-inv-setting" />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Business' }));
    submit();
    expect((await screen.findAllByText('Required')).length).toBeGreaterThan(0);
    expect(create).not.toHaveBeenCalled();
    fireEvent.change(field('Tax code'), { target: { value: '0100109106' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look the company up by its tax code' }));
    await waitFor(() => expect(field('Company name').value).toBe(company.name));
    expect(field('Address').value).toBe(company.address);
    expect(field("Representative's name").value).toBe(company.representative);
  });

  it('doc 2 §4: a failed export keeps what was typed and says why; trying again exports once more', async () => {
    let calls = 0;
    const { actor, create } = exportActor({
      create: async () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('down'), { code: 'NETWORK_ERROR' });
        return { eivCode: 'M1::K7Q2::12', serial: '1C26TMS', providerId: 'misa-41', existing: false };
      },
    });
    await renderScreen(<ExportDialog actor={actor} settingHref="/e-inv-setting" />);
    fireEvent.change(await screen.findByRole('textbox', { name: /^Buyer's name/ }), { target: { value: '<i>Anh Minh</i>' } });
    submit();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('E-invoice export failed')).toBeTruthy();
    expect(field("Buyer's name").value).toBe('<i>Anh Minh</i>');
    submit();
    await screen.findByTestId('einvoice-done');
    expect(create).toHaveBeenCalledTimes(2);
    expect(create.mock.calls[1]![0].buyer.name).toBe('<i>Anh Minh</i>');
  });

  it('doc 2 §4: without a set-up the merchant is sent to the setting; with a declaration not approved, warned', async () => {
    const notSetUp = exportActor({ settings: null });
    await renderScreen(<ExportDialog actor={notSetUp.actor} settingHref="/e-inv-setting" />);
    expect((await screen.findByTestId('einvoice-not-set-up')).textContent).toContain('Please set up the e-invoice to use this feature.');
    expect(screen.getByRole('link', { name: 'Continue to the e-invoice setting' }).getAttribute('href')).toBe('/e-inv-setting');
    cleanup();
    const pending = exportActor({ approved: false });
    await renderScreen(<ExportDialog actor={pending.actor} settingHref="/e-inv-setting" />);
    expect((await screen.findByTestId('einvoice-pending')).textContent).toContain('has not been approved yet');
    expect(screen.queryByTestId('einvoice-submit')).toBeNull();
  });

  it('doc 2 §4: an invoice issued but not saved on the order is saved again without issuing a second one', async () => {
    let saves = 0;
    const { actor, create, save } = exportActor({
      save: async () => {
        saves += 1;
        if (saves === 1) throw Object.assign(new Error('down'), { code: 'NETWORK_ERROR' });
        return { eivCode: 'M1::K7Q2::12' };
      },
    });
    await renderScreen(<ExportDialog actor={actor} settingHref="/e-inv-setting" />);
    await screen.findByTestId('einvoice-submit');
    submit();
    await screen.findByTestId('einvoice-not-saved');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('einvoice-done');
    expect(save).toHaveBeenCalledTimes(2);
    expect(create).toHaveBeenCalledTimes(1);
  });
});

describe('order e-invoice export dialog: the code it shows (doc 2 §4)', () => {
  it('issue 24 §7: the export message names the symbol, number and lookup code, never the stored "cqt::lookup::number" (vi)', async () => {
    const { actor } = exportActor({
      create: async () => ({ eivCode: '::DLBGLTG52H::1', serial: '1C26TMV', providerId: 'mi-41', existing: false }),
      save: async () => ({ eivCode: '::DLBGLTG52H::1' }),
    });
    await renderScreen(<ExportDialog actor={actor} settingHref="/e-inv-setting" />, { language: 'vi' });
    await screen.findByTestId('einvoice-submit');
    submit();
    const done = await screen.findByTestId('einvoice-done');
    expect(screen.getByTestId('einvoice-code').textContent).toBe('Ký hiệu C26TMV · Số 1 · Mã tra cứu DLBGLTG52H');
    expect(done.textContent).toContain('Hóa đơn điện tử của đơn đã được phát hành');
    expect(done.textContent).not.toContain('::');
  });

  it("issue 24 §7: a code the backend says the order already had is shown without a symbol (the order keeps none), not the issued invoice's", async () => {
    const { actor } = exportActor({
      save: async () => {
        throw Object.assign(new Error('exported'), { code: 'INVOICE_ALREADY_EXPORTED', data: { eiv_code: 'M1-X::OTHER7::3' } });
      },
    });
    await renderScreen(<ExportDialog actor={actor} settingHref="/e-inv-setting" />);
    await screen.findByTestId('einvoice-submit');
    submit();
    const done = await screen.findByTestId('einvoice-done');
    expect(done.textContent).toContain('The invoice had already been exported');
    expect(screen.getByTestId('einvoice-code').textContent).toBe('No. 3 · Lookup code OTHER7');
  });
});
