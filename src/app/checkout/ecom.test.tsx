import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { widgetSettingsMachine } from '../../machines/checkout/widgetSettings.machine';
import type { MerchantSave, WidgetSave } from '../../services/checkout/schemas';
import type { MerchantInfo } from '../../services/checkout/link/schemas';
import { sampleMerchantInfo } from '../../services/checkout/samples';
import { checkImageFile } from '../../services/shared/images';
import { renderScreen } from '../../screens/shared/test/render';
import { EcomScreen } from '../../screens/checkout/EcomScreen';

/** The /e-com screen on the real widgetSettings machine and the real logo check by content (stubbed service calls). */

afterEach(cleanup);

const info = sampleMerchantInfo;

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

function setup(options: { saveMerchant?: (body: MerchantSave) => Promise<MerchantInfo> } = {}) {
  const merchantCalls: MerchantSave[] = [];
  const widgetCalls: WidgetSave[] = [];
  const actor = createActor(
    widgetSettingsMachine.provide({
      actors: {
        loadMerchantInfo: fromPromise<MerchantInfo, { merchantId: string }>(async () => info),
        checkLogo: fromPromise(({ input }: { input: { file: Blob; maxBytes: number } }) => checkImageFile(input.file, input.maxBytes)),
        saveMerchant: fromPromise<MerchantInfo, MerchantSave>(async ({ input }) => {
          merchantCalls.push(input);
          return options.saveMerchant ? options.saveMerchant(input) : { ...info, ipn_url: input.ipn_url };
        }),
        saveWidget: fromPromise<MerchantInfo, WidgetSave>(async ({ input }) => {
          widgetCalls.push(input);
          return { ...info, widget: { ...info.widget, primary_color: input.primary_color } };
        }),
      },
    }),
    { input: { merchantId: 'REF-PHOCO-0001' } },
  );
  actor.start();
  return { actor, merchantCalls, widgetCalls };
}

const copy = async () => 'copied' as const;

describe('EcomScreen (/e-com)', () => {
  it('keeps Save disabled while a URL is empty, refuses a non-https one on the input and sends nothing', async () => {
    const { actor, merchantCalls } = setup();
    await renderScreen(<EcomScreen actor={actor} copy={copy} />);
    const save = await screen.findByTestId('ecom-save');
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Notification URL/), { target: { value: 'http://pho.example.vn/ipn' } });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    expect(await screen.findByText(/Enter a full https:\/\/ address/)).toBeInTheDocument();
    expect(merchantCalls).toEqual([]);
    expect(screen.getByLabelText(/Notification URL/)).toHaveValue('http://pho.example.vn/ipn');
  });

  it('shows a colour change in the preview at once, the checkout page’s own view in preview mode', async () => {
    const { actor } = setup();
    await renderScreen(<EcomScreen actor={actor} copy={copy} />);
    const preview = await screen.findByTestId('checkout-view');
    expect(preview).toHaveAttribute('data-mode', 'preview');
    expect(within(preview).getByTestId('checkout-countdown')).toHaveTextContent('01:00:00');
    fireEvent.change(screen.getByLabelText('Primary colour'), { target: { value: '#1a2b3c' } });
    await waitFor(() => expect(within(preview).getByTestId('checkout-card').style.background).toMatch(/#1a2b3c|rgb\(26, 43, 60\)/));
    // White text on the dark card (contrast), and cash is never offered online.
    expect(within(preview).getByTestId('checkout-card').style.color).toMatch(/#ffffff|rgb\(255, 255, 255\)/);
    expect(within(preview).queryByTestId('checkout-method-cash')).toBeNull();
    // The colour picker's sliders (a pointer aid) carry names, so an open picker passes axe.
    fireEvent.focus(screen.getByLabelText('Primary colour'));
    fireEvent.click(screen.getByLabelText('Primary colour'));
    const sliders = await screen.findAllByRole('slider');
    for (const slider of sliders) expect(slider).toHaveAccessibleName(/^Primary colour: /);
  });

  it('refuses a text file renamed .png, says why and keeps no logo; takes a real PNG into the preview', async () => {
    const { actor } = setup();
    await renderScreen(<EcomScreen actor={actor} copy={copy} />);
    const input = await screen.findByTestId('ecom-logo-file');
    fireEvent.change(input, { target: { files: [new File(['just some text, not an image'], 'logo.png', { type: 'image/png' })] } });
    expect(await screen.findByTestId('ecom-logo-refused')).toHaveTextContent('“logo.png” is not a PNG or JPEG image');
    expect(screen.queryByTestId('checkout-logo')).toBeNull();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([...PNG_HEAD, 1, 2, 3])], 'mark.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByTestId('checkout-logo')).toBeInTheDocument());
    expect(screen.queryByTestId('ecom-logo-refused')).toBeNull();
  });

  it('a VALIDATION_ERROR shows its code and first field error, marks the input and keeps what was typed', async () => {
    const refusal = Object.assign(new Error('refused'), {
      code: 'VALIDATION_ERROR',
      status: 400,
      data: { errors: [{ field: 'ipn_url', msg: 'host not reachable' }] },
    });
    const { actor, merchantCalls } = setup({ saveMerchant: async () => Promise.reject(refusal) });
    await renderScreen(<EcomScreen actor={actor} copy={copy} />);
    fireEvent.change(await screen.findByLabelText(/Notification URL/), { target: { value: '  https://pho.example.vn/ipn ' } });
    fireEvent.change(screen.getByLabelText('Button colour'), { target: { value: '#000000' } });
    fireEvent.click(screen.getByTestId('ecom-save'));
    const alert = await screen.findByTestId('ecom-save-failed');
    expect(alert).toHaveTextContent('VALIDATION_ERROR');
    expect(alert).toHaveTextContent('Notification URL: host not reachable');
    expect(screen.getByText('The service refused this value: host not reachable')).toBeInTheDocument();
    expect(merchantCalls[0]?.ipn_url).toBe('https://pho.example.vn/ipn');
    expect(screen.getByLabelText('Button colour')).toHaveValue('#000000');
  });

  it('saves the merchant then the widget, and shows the embed script for this widget', async () => {
    const { actor, merchantCalls, widgetCalls } = setup();
    await renderScreen(<EcomScreen actor={actor} copy={copy} />);
    expect(await screen.findByTestId('ecom-embed')).toHaveTextContent(
      '<script src="http://127.0.0.1:5280/checkout/embed.js" data-app-id="wdg_0123456789ab" async></script>',
    );
    fireEvent.change(screen.getByLabelText(/Notification URL/), { target: { value: 'https://pho.example.vn/ipn' } });
    fireEvent.change(screen.getByLabelText('Primary colour'), { target: { value: '#A1B2C3' } });
    fireEvent.click(screen.getByTestId('ecom-save'));
    await waitFor(() => expect(widgetCalls).toHaveLength(1));
    expect(merchantCalls[0]?.payment_methods).toEqual([3, 4]);
    expect(widgetCalls[0]).toMatchObject({ widget_id: 'wdg_0123456789ab', primary_color: '#a1b2c3', logo: null, remove_logo: false });
    await waitFor(() => expect(screen.getByLabelText('Primary colour')).toHaveValue('#a1b2c3'));
  });
});
