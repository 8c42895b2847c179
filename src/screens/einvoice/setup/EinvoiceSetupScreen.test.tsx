import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { einvoiceSetupMachine } from '../../../machines/einvoice/einvoiceSetup.machine';
import { serialVatMachine } from '../../../machines/einvoice/serialVat.machine';
import type { EinvoiceSettings, ProviderInfo, ProviderRoute, Serial, SettingsSave } from '../../../services/einvoice/core/types';
import { renderScreen } from '../../shared/test/render';
import { EinvoiceSetupScreen } from './EinvoiceSetupScreen';

afterEach(cleanup);

// As the registry gives them (the screen receives them from the route).
const provider = (route: ProviderRoute, name: string, isSSO: boolean): ProviderInfo => ({
  route,
  name,
  logo: `/logos/${route}.svg`,
  features: isSSO ? ['invoices', 'export', 'sso'] : ['invoices', 'export'],
  isSSO,
  showSerial: true,
  invoiceLookupUrl: `https://${route}.example/lookup`,
  researchUrl: `https://${route}.example`,
});
const providers = [
  provider('m-invoice', 'M-Invoice', true),
  provider('misa', 'MISA meInvoice', false),
  provider('fpt', 'FPT eInvoice', false),
];
const refused = (code: string) => Object.assign(new Error(code), { code, status: 400, data: {}, kind: 'server' });
const serials: Serial[] = [
  { value: '1C26TMS', invTypeName: 'Hóa đơn giá trị gia tăng', templateCode: '1', isSalesInvoice: false },
  { value: '2C26TMH', invTypeName: 'Hóa đơn bán hàng', templateCode: '2', isSalesInvoice: true },
];

function settingsOf(body: SettingsSave): EinvoiceSettings {
  return {
    provider: body.provider,
    activeMethod: body.activeMethod,
    taxCode: body.taxCode,
    username: body.username ?? null,
    hasPassword: true,
    serial: body.serial ?? null,
    tax: body.tax ?? null,
    autoExport: body.autoExport,
    printInvoice: body.printInvoice,
    active: true,
    updatedAt: 1,
  };
}

function start(options: { termsAccepted?: boolean; settings?: EinvoiceSettings | null; loginFails?: boolean } = {}) {
  const saved: SettingsSave[] = [];
  const machine = einvoiceSetupMachine.provide({
    actors: {
      loadSettings: fromPromise(async () => options.settings ?? null),
      checkSso: fromPromise(async () => false),
      checkTaxCode: fromPromise<void, { provider: ProviderRoute; taxCode: string }>(async ({ input }) => {
        if (input.taxCode === '0100233480') throw refused('EINV_TAX_CODE_INVALID');
      }),
      login: fromPromise(async () => {
        if (options.loginFails) throw refused('EINV_LOGIN_FAIL');
      }),
      saveSettings: fromPromise<EinvoiceSettings, SettingsSave>(async ({ input }) => {
        saved.push(input);
        return settingsOf(input);
      }),
      cancelSettings: fromPromise(async () => {}),
      loadDeclaration: fromPromise<'approved' | 'pending', { provider: ProviderRoute }>(async () => 'approved'),
      serialVat: serialVatMachine.provide({
        actors: {
          loadSerials: fromPromise(async () => serials),
          saveSerial: fromPromise<EinvoiceSettings, SettingsSave>(async ({ input }) => {
            saved.push(input);
            return settingsOf(input);
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      providers: providers.map((p) => ({ route: p.route, isSSO: p.isSSO, showSerial: p.showSerial })),
      termsAccepted: options.termsAccepted ?? true,
      merchantTaxCode: '0108123455',
    },
  }).start();
  return { actor, saved };
}

const terms = { pdfUrl: null, failed: false, href: '/portal/einvoice-terms.pdf' };

describe('e-invoice setup screen (doc 2 §2, §5)', () => {
  it('shows the terms first; closing them without agreeing leaves', async () => {
    const { actor } = start({ termsAccepted: false });
    await renderScreen(<EinvoiceSetupScreen actor={actor} providers={providers} terms={terms} />);
    expect(await screen.findByText('Agree and Continue')).toBeTruthy();
    expect(screen.queryByText('E-invoice provider')).toBeNull();
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'E-invoice service terms' })).getByLabelText('Close'));
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
  });

  it('asks for the credentials, keeps them through a refused tax code, then saves trimmed and opens the serial modal', async () => {
    const { actor, saved } = start();
    await renderScreen(<EinvoiceSetupScreen actor={actor} providers={providers} terms={terms} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'MISA meInvoice' }));
    // MISA offers no SSO: no login-method choice.
    expect(screen.queryByText('Login method')).toBeNull();
    const taxCode = screen.getByLabelText(/Tax code/) as HTMLInputElement;
    fireEvent.change(taxCode, { target: { value: '' } });
    expect(await screen.findByText('Please enter the tax code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter the user name')).toBeTruthy();
    expect(saved).toEqual([]);

    fireEvent.change(taxCode, { target: { value: '0100233480' } });
    fireEvent.change(screen.getByLabelText(/User name/), { target: { value: '  phoco-misa ' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Einv@2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(actor.getSnapshot().context.errorCode).toBe('EINV_TAX_CODE_INVALID'));
    expect(taxCode.value).toBe('0100233480');
    expect(saved).toEqual([]);

    fireEvent.change(taxCode, { target: { value: '0108123455' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const success = await screen.findByRole('dialog', { name: 'E-invoice set up successfully' });
    expect(saved[0]).toMatchObject({ provider: 'misa', taxCode: '0108123455', username: 'phoco-misa', password: 'Einv@2026' });
    fireEvent.click(within(success).getByRole('button', { name: 'Continue' }));
    const modal = await screen.findByRole('dialog', { name: 'Invoice series' });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Please choose an invoice series')).toBeTruthy();
  });

  it('issue 24 §7, D224: the series picker and the saved summary write the serial the same way (the symbol)', async () => {
    const { actor, saved } = start();
    await renderScreen(<EinvoiceSetupScreen actor={actor} providers={providers} terms={terms} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'MISA meInvoice' }));
    fireEvent.change(screen.getByLabelText(/User name/), { target: { value: 'phoco-misa' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Einv@2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const success = await screen.findByRole('dialog', { name: 'E-invoice set up successfully' });
    fireEvent.click(within(success).getByRole('button', { name: 'Continue' }));
    const modal = await screen.findByRole('dialog', { name: 'Invoice series' });
    fireEvent.click(within(modal).getByRole('combobox', { name: /^Invoice series/ }));
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['C26TMS · Hóa đơn giá trị gia tăng', 'C26TMH · Hóa đơn bán hàng']);
    fireEvent.click(screen.getByRole('option', { name: 'C26TMS · Hóa đơn giá trị gia tăng', hidden: true }));
    expect((within(modal).getByRole('combobox', { name: /^Invoice series/ }) as HTMLInputElement).value).toBe(
      'C26TMS · Hóa đơn giá trị gia tăng',
    );
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));
    const summary = await screen.findByTestId('einv-active-summary');
    expect(saved.at(-1)).toMatchObject({ serial: '1C26TMS' });
    expect(summary.textContent).toContain('Invoice series: C26TMS');
    expect(summary.textContent).not.toContain('1C26TMS');
  }, 20_000);

  it('shows an active setting read-only with its declaration status and asks before cancelling', async () => {
    const { actor } = start({
      settings: settingsOf({
        provider: 'fpt',
        taxCode: '0108123455',
        activeMethod: 'einv_provider_account',
        username: 'phoco-fpt',
        serial: 'C26TFP',
        tax: 8,
        autoExport: true,
        printInvoice: false,
      }),
    });
    await renderScreen(<EinvoiceSetupScreen actor={actor} providers={providers} terms={terms} />);
    expect(await screen.findByTestId('einv-declaration')).toHaveProperty('textContent', 'Approved');
    expect((screen.getByLabelText(/User name/) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel e-invoice setting' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel the e-invoice setting?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel setting' }));
    await waitFor(() => expect(actor.getSnapshot().matches('form')).toBe(true));
    expect(actor.getSnapshot().context.provider).toBeNull();
  });
});
