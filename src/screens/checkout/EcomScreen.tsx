import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Code, ColorInput, Group, NumberInput, Paper, Radio, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { widgetSettingsMachine } from '../../machines/checkout/widgetSettings.machine';
import {
  BORDER_RADIUS_MAX,
  BUTTON_TEXT_MAX,
  COLOUR_FIELDS,
  URL_FIELDS,
  type ColourField,
  type FieldProblem,
  type LogoHeight,
  type LogoPosition,
  type UrlField,
} from '../../machines/checkout/widgetSettings.rules';
import {
  selectAdvanced,
  selectCanSubmit,
  selectCheckingLogo,
  selectColourProblems,
  selectDraft,
  selectEmbedSnippet,
  selectFieldErrors,
  selectInfo,
  selectLoadError,
  selectLoadFailed,
  selectLoading,
  selectLogoDraft,
  selectLogoRefusal,
  selectMethodSwitches,
  selectPreviewLook,
  selectPreviewMethods,
  selectPreviewSelected,
  selectRefusals,
  selectSaveFailure,
  selectSaving,
} from '../../machines/checkout/widgetSettings.selectors';
import type { WidgetType } from '../../services/shared/checkout/schemas';
import { errorMessageKey } from '../../services/errors';
import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { CheckoutView } from './CheckoutView';

export type WidgetSettingsActor = ActorRefFrom<typeof widgetSettingsMachine>;
export type CopyOutcome = 'copied' | 'copy_fail';

/** The preview's sample order (doc 2 §2: the preview's countdown reads 01:00:00). */
export const PREVIEW_COUNTDOWN = '01:00:00';
export const PREVIEW_AMOUNT = 150_000;

const LOGO_HEIGHTS: readonly LogoHeight[] = [60, 80, 100];
const LOGO_POSITIONS: readonly LogoPosition[] = ['left', 'center', 'right'];

/** An object URL for a picked file, revoked when the file changes or the screen goes. */
function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * /e-com (doc 2 §2 Checkout widget setup, §5 widget form and logo upload): the form beside the live
 * preview, which is the hosted checkout page's own component (CheckoutView) fed the draft, so every
 * change shows at once exactly as a payer will see it. At narrow widths the preview goes under the form.
 */
export function EcomScreen({ actor, copy }: { actor: WidgetSettingsActor; copy: (text: string) => Promise<CopyOutcome> }) {
  const { t } = useTranslation(['checkout', 'errors']);
  const loading = useSelector(actor, selectLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const loadError = useSelector(actor, selectLoadError);
  const info = useSelector(actor, selectInfo);
  const draft = useSelector(actor, selectDraft);
  const advanced = useSelector(actor, selectAdvanced);
  const errors = useSelector(actor, selectFieldErrors);
  const colourProblems = useSelector(actor, selectColourProblems);
  const refusals = useSelector(actor, selectRefusals);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const saving = useSelector(actor, selectSaving);
  const checkingLogo = useSelector(actor, selectCheckingLogo);
  const logo = useSelector(actor, selectLogoDraft);
  const logoRefusal = useSelector(actor, selectLogoRefusal);
  const saveFailure = useSelector(actor, selectSaveFailure);
  const switches = useSelector(actor, selectMethodSwitches);
  const look = useSelector(actor, selectPreviewLook);
  const previewMethods = useSelector(actor, selectPreviewMethods);
  const previewSelected = useSelector(actor, selectPreviewSelected);
  const snippet = useSelector(actor, selectEmbedSnippet);
  const fileInput = useRef<HTMLInputElement>(null);
  const pickedUrl = useObjectUrl(logo.file);
  const [copied, setCopied] = useState<CopyOutcome | null>(null);

  const header = (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {t('ecom.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('ecom.intro')}
      </Text>
    </Stack>
  );

  if (loading)
    return (
      <Stack gap="md" p="md">
        {header}
        <LoadingLine label={t('ecom.loading')} />
      </Stack>
    );
  if (loadFailed || !info || !draft || !look)
    return (
      <Stack gap="md" p="md">
        {header}
        <FailureAlert
          title={t('ecom.loadFailTitle')}
          message={t(errorMessageKey(loadError))}
          retryLabel={t('ecom.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="ecom-load-failed"
        />
      </Stack>
    );

  // The logo the payer would see: a picked file, nothing once removed, else the saved one.
  const logoUrl = pickedUrl ?? (logo.remove ? null : info.widget.logo_url);
  const problemText = (problem: FieldProblem | undefined, field: string): string | undefined => {
    const refused = refusals[field];
    if (problem) return t(`ecom.errors.${problem}`, { max: field === 'button_text' ? BUTTON_TEXT_MAX : 2048 });
    if (refused !== undefined) return t('ecom.errors.refused', { msg: refused });
    return undefined;
  };
  const firstRefusal = saveFailure?.refusals[0];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'SUBMIT' });
  };
  const onCopy = (text: string) => {
    setCopied(null);
    void copy(text).then(setCopied);
  };

  const sample = (method: WidgetType) => t(`ecom.preview.sample.${method}`);

  return (
    <Stack gap="md" p="md">
      {header}
      {/* Side by side while both fit; on a narrow screen the preview wraps under the form. */}
      <Group align="flex-start" gap="lg" wrap="wrap">
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label={t('ecom.formLabel')}
          data-testid="ecom-form"
          style={{ flex: '1 1 420px', minWidth: 0 }}
        >
          <Stack gap="lg">
            {saveFailure ? (
              <Alert color="red" variant="light" role="alert" title={saveFailure.code} data-testid="ecom-save-failed">
                <Text size="sm" c="red.9">
                  {firstRefusal
                    ? `${fieldLabel(t, firstRefusal.field)}: ${firstRefusal.msg}`
                    : t(saveFailure.step === 'merchant' ? 'ecom.save.merchantFail' : 'ecom.save.widgetFail')}
                </Text>
              </Alert>
            ) : null}

            <FormSection title={t('ecom.links.title')} disabled={saving}>
              {URL_FIELDS.map((field: UrlField) => (
                <TextInput
                  key={field}
                  label={t(`ecom.fields.${field}`)}
                  description={t(`ecom.links.help.${field}`)}
                  placeholder="https://"
                  required
                  inputMode="url"
                  autoComplete="off"
                  value={draft[field]}
                  onChange={(e) => actor.send({ type: 'URL.CHANGE', field, value: e.currentTarget.value })}
                  error={problemText(errors[field], field)}
                  data-testid={`ecom-${field}`}
                />
              ))}
              <TextInput label={t('ecom.fields.checkout_url')} value={info.checkout_url} readOnly data-testid="ecom-checkout-url" />
            </FormSection>

            <FormSection title={t('ecom.logo.title')} disabled={saving}>
              <Group gap="md" align="center">
                {logoUrl ? (
                  <img
                    src={logoUrl}
                    alt={t('ecom.logo.current')}
                    height={40}
                    style={{ maxWidth: 160, objectFit: 'contain' }}
                    data-testid="ecom-logo"
                  />
                ) : (
                  <Text size="sm" c="dimmed" data-testid="ecom-no-logo">
                    {t('ecom.logo.none')}
                  </Text>
                )}
                <Button variant="default" onClick={() => fileInput.current?.click()} loading={checkingLogo} data-testid="ecom-logo-pick">
                  {t('ecom.logo.pick')}
                </Button>
                {logoUrl ? (
                  <Button variant="subtle" color="red" onClick={() => actor.send({ type: 'LOGO.REMOVE' })} data-testid="ecom-logo-remove">
                    {t('ecom.logo.remove')}
                  </Button>
                ) : null}
              </Group>
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,.png,.jpg,.jpeg"
                hidden
                aria-label={t('ecom.logo.pick')}
                data-testid="ecom-logo-file"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = '';
                  if (file) actor.send({ type: 'LOGO.PICK', file });
                }}
              />
              <Text size="xs" c="dimmed" id="ecom-logo-help">
                {t('ecom.logo.help')}
              </Text>
              {logoRefusal ? (
                <Text size="sm" c="red.9" role="alert" data-testid="ecom-logo-refused">
                  {t(`ecom.logo.refused.${logoRefusal.problem}`, { name: logoRefusal.name })}
                </Text>
              ) : null}
              {refusals.logo !== undefined ? (
                <Text size="sm" c="red.9">
                  {t('ecom.errors.refused', { msg: refusals.logo })}
                </Text>
              ) : null}
              <Radio.Group
                label={t('ecom.logo.height')}
                value={String(draft.logo_height)}
                onChange={(value) => actor.send({ type: 'LOGO_HEIGHT.SET', height: Number(value) as LogoHeight })}
              >
                <Group gap="md" mt={4}>
                  {LOGO_HEIGHTS.map((height) => (
                    <Radio
                      key={height}
                      value={String(height)}
                      label={t(`ecom.logo.heights.${height}`)}
                      data-testid={`ecom-logo-height-${height}`}
                    />
                  ))}
                </Group>
              </Radio.Group>
              <Radio.Group
                label={t('ecom.logo.position')}
                value={draft.logo_position}
                onChange={(value) => actor.send({ type: 'LOGO_POSITION.SET', position: value as LogoPosition })}
              >
                <Group gap="md" mt={4}>
                  {LOGO_POSITIONS.map((position) => (
                    <Radio
                      key={position}
                      value={position}
                      label={t(`ecom.logo.positions.${position}`)}
                      data-testid={`ecom-logo-position-${position}`}
                    />
                  ))}
                </Group>
              </Radio.Group>
            </FormSection>

            <FormSection title={t('ecom.look.title')} disabled={saving}>
              {COLOUR_FIELDS.map((field: ColourField) => (
                <ColorInput
                  key={field}
                  label={t(`ecom.fields.${field}`)}
                  format="hex"
                  withEyeDropper={false}
                  // The picker's sliders are a pointer aid (not focusable; hex text is the keyboard way) but still need names.
                  attributes={{
                    saturation: { title: t('ecom.picker.saturation', { field: t(`ecom.fields.${field}`) }) },
                    slider: { title: t('ecom.picker.hue', { field: t(`ecom.fields.${field}`) }) },
                  }}
                  value={draft[field]}
                  onChange={(value) => actor.send({ type: 'COLOUR.CHANGE', field, value })}
                  error={problemText(errors[field] ?? colourProblems[field], field)}
                  data-testid={`ecom-${field}`}
                />
              ))}
              <Switch
                label={t('ecom.fields.button_border')}
                checked={draft.button_border}
                onChange={(e) => actor.send({ type: 'BUTTON_BORDER.SET', value: e.currentTarget.checked })}
                data-testid="ecom-button_border"
              />
              <Switch
                label={t('ecom.advanced.toggle')}
                description={t('ecom.advanced.help')}
                checked={advanced}
                onChange={() => actor.send({ type: 'ADVANCED.TOGGLE' })}
                data-testid="ecom-advanced"
              />
              {advanced ? (
                <>
                  <TextInput
                    label={t('ecom.fields.button_text')}
                    description={t('ecom.advanced.buttonTextHelp', { max: BUTTON_TEXT_MAX })}
                    value={draft.button_text}
                    onChange={(e) => actor.send({ type: 'BUTTON_TEXT.CHANGE', value: e.currentTarget.value })}
                    error={problemText(errors.button_text, 'button_text')}
                    data-testid="ecom-button_text"
                  />
                  <NumberInput
                    label={t('ecom.fields.border_radius')}
                    description={t('ecom.advanced.radiusHelp', { max: BORDER_RADIUS_MAX })}
                    min={0}
                    max={BORDER_RADIUS_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="strict"
                    value={draft.border_radius}
                    onChange={(value) =>
                      actor.send({ type: 'BORDER_RADIUS.SET', value: typeof value === 'number' ? value : Number(value) || 0 })
                    }
                    data-testid="ecom-border_radius"
                  />
                </>
              ) : null}
            </FormSection>

            <FormSection title={t('ecom.methods.title')} disabled={saving}>
              {switches.map((method) => (
                <Switch
                  key={method.type}
                  label={t(`ecom.methods.names.${method.type}`)}
                  description={method.type === 'cash' ? t('ecom.methods.cashHelp') : undefined}
                  checked={method.active}
                  onChange={(e) => actor.send({ type: 'METHOD.SET', method: method.type, active: e.currentTarget.checked })}
                  data-testid={`ecom-method-${method.type}`}
                />
              ))}
            </FormSection>

            <Group>
              <Button type="submit" disabled={!canSubmit} loading={saving} data-testid="ecom-save">
                {t('ecom.save.button')}
              </Button>
            </Group>

            <Paper withBorder p="md">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('ecom.embed.title')}
                </Title>
                <Text size="sm">{t('ecom.embed.help')}</Text>
                <Code block data-testid="ecom-embed" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {snippet}
                </Code>
                <Group gap="sm">
                  <Button variant="default" onClick={() => snippet && onCopy(snippet)} data-testid="ecom-embed-copy">
                    {t('ecom.embed.copy')}
                  </Button>
                  <Text size="sm" role="status" c={copied === 'copy_fail' ? 'red.9' : undefined} data-testid="ecom-embed-copied">
                    {copied ? t(`ecom.embed.${copied}`) : ''}
                  </Text>
                </Group>
              </Stack>
            </Paper>
          </Stack>
        </form>

        <Stack gap="xs" data-testid="ecom-preview" style={{ flex: '1 1 340px', minWidth: 0, position: 'sticky', top: 72 }}>
          <Title order={2} size="h4">
            {t('ecom.preview.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('ecom.preview.help')}
          </Text>
          <CheckoutView
            look={{ ...look, logo_url: logoUrl }}
            merchantName={info.merchant_name}
            orderId={t('ecom.preview.sampleOrder')}
            amount={PREVIEW_AMOUNT}
            methods={previewMethods}
            selected={previewSelected}
            onSelect={(method) => actor.send({ type: 'PREVIEW.SELECT', method })}
            countdown={PREVIEW_COUNTDOWN}
            status="open"
            mode="preview"
          >
            {previewSelected ? <Text size="sm">{sample(previewSelected)}</Text> : null}
          </CheckoutView>
        </Stack>
      </Group>
    </Stack>
  );
}

/** A refused field named as its input is labelled, so "field: msg" reads in the user's language. */
/** One fieldset of the form: a bordered group with its legend, disabled as a whole while saving. */
function FormSection({ title, disabled, children }: { title: string; disabled: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="fieldset" disabled={disabled}>
      <Text component="legend" fw={600}>
        {title}
      </Text>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

function fieldLabel(t: (key: string) => string, field: string): string {
  const known = [...URL_FIELDS, ...COLOUR_FIELDS, 'button_text', 'border_radius', 'logo', 'logo_height', 'logo_position', 'merchant_name'];
  return known.includes(field) ? t(`ecom.fields.${field}`) : field;
}
