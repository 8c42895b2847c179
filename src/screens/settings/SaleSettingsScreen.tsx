import { useRef, type ReactNode } from 'react';
import { Alert, Button, Group, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useMediaQuery } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectDigitalCanSave,
  selectDigitalSaving,
  selectLoadFailed,
  selectLoading,
  selectRewardSaving,
  selectSaleSettings,
  selectUploading,
  digitalFormKit,
  rewardFormKit,
  type saleSettingsMachine,
} from '../../machines/settings/saleSettings.machine';
import { pointToSave, type SaleSettingTab } from '../../machines/settings/rules/settings';
import { WEBSITE_PREFIX } from '../../services/settings/schemas';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { formatNumber } from '../shared/table/format';
import { SaveErrorAlert, SettingsLoadState, useSettingsMessage } from './parts';
import { SettingsImage } from './SettingsImage';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';

export type SaleSettingsActor = ActorRefFrom<typeof saleSettingsMachine>;

/** Narrow screens (375 px phones) get the tabs as a dropdown (doc 2 §2). */
const WIDE_QUERY = '(min-width: 40em)';

/**
 * /sale-setting (doc 2 §2): the tabs as tabs on wide screens and as a dropdown on narrow ones; the
 * digital order and reward point forms here, the payment setting and screen customisation tabs from
 * the route (their own machines). Nothing of the forms shows while the settings load.
 */
export function SaleSettingsScreen({
  actor,
  loadImage,
  payment,
  screen,
}: {
  actor: SaleSettingsActor;
  loadImage: (url: string) => Promise<Blob>;
  payment: () => ReactNode;
  screen: () => ReactNode;
}) {
  const { t } = useTranslation(['settings', 'errors']);
  const c = useSelector(actor, selectSaleSettings);
  const loading = useSelector(actor, selectLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const select = (tab: string | null) => {
    if (tab) actor.send({ type: 'TAB.SELECT', tab: tab as SaleSettingTab });
  };

  const panel = (tab: SaleSettingTab) =>
    tab === 'digital' ? (
      <DigitalOrderForm actor={actor} loadImage={loadImage} />
    ) : tab === 'reward' ? (
      <RewardPointForm actor={actor} />
    ) : tab === 'payment' ? (
      payment()
    ) : (
      screen()
    );

  return (
    <Stack gap="md" p="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      {loadFailed || loading ? (
        <SettingsLoadState
          loading={loading}
          loadFailed={loadFailed}
          title={t('loadFailed')}
          code={c.loadError}
          onRetry={() => actor.send({ type: 'RETRY' })}
          testId="settings-load-failed"
        />
      ) : wide ? (
        <Tabs value={c.tab} onChange={select} keepMounted={false}>
          <Tabs.List>
            {c.tabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab} data-testid={`settings-tab-${tab}`}>
                {t(`tabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {c.tabs.map((tab) => (
            <Tabs.Panel key={tab} value={tab} pt="md">
              {panel(tab)}
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <Stack gap="md">
          <Select
            label={t('tabs.label')}
            data={c.tabs.map((tab) => ({ value: tab, label: t(`tabs.${tab}`) }))}
            value={c.tab}
            onChange={select}
            allowDeselect={false}
            maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
            data-testid="settings-tab-select"
          />
          <div role="region" aria-label={t(`tabs.${c.tab}`)}>
            {panel(c.tab)}
          </div>
        </Stack>
      )}
    </Stack>
  );
}

function DigitalOrderForm({ actor, loadImage }: { actor: SaleSettingsActor; loadImage: (url: string) => Promise<Blob> }) {
  const { t } = useTranslation(['settings', 'errors']);
  const c = useSelector(actor, selectSaleSettings);
  const saving = useSelector(actor, selectDigitalSaving);
  const canSave = useSelector(actor, selectDigitalCanSave);
  const uploading = useSelector(actor, selectUploading);
  const message = useSettingsMessage();
  const fields = useFormFields(actor, c.digitalForm, digitalFormKit, { rule: (_, code) => t(`digital.${code}`), service: message });
  const show = c.digitalForm.showErrors;
  const pickerProps = { actor, loadImage, uploading, saving, show };

  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'DIGITAL.SAVE' })} data-testid="digital-form">
      <Stack gap="md" maw={720}>
        <ImagePicker {...pickerProps} kind="logo" url={c.logo} error={c.logoError} />
        <ImagePicker {...pickerProps} kind="banner" url={c.banner} error={c.bannerError} />
        <TextInput
          label={t('digital.website')}
          description={t('digital.websiteHint')}
          leftSection={
            <Text size="sm" aria-hidden="true">
              {WEBSITE_PREFIX}
            </Text>
          }
          leftSectionWidth={72}
          {...fields.text('website')}
          // The focus stays on Save after a refused save, where it always was.
          ref={undefined}
          required
          disabled={saving}
          maxLength={200}
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          data-testid="settings-website"
        />
        <TextInput label={t('digital.address')} value={c.merchant?.address ?? ''} readOnly data-testid="settings-address" />
        <TextInput label={t('digital.hotline')} value={c.merchant?.hotline ?? ''} readOnly data-testid="settings-hotline" />
        <SaveErrorAlert code={c.digitalForm.saveError} title={t('saveFailed')} testId="settings-save-error" />
        <Group>
          <Button type="submit" loading={saving} disabled={!canSave} data-testid="digital-save">
            {t('save')}
          </Button>
          {!canSave && !saving ? (
            <Text size="sm" role="status">
              {uploading ? t('digital.waitUpload') : t('digital.fillAll')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </SubmitForm>
  );
}

interface ImagePickerProps {
  actor: SaleSettingsActor;
  loadImage: (url: string) => Promise<Blob>;
  uploading: ReturnType<typeof selectUploading>;
  saving: boolean;
  /** Whether the form shows what is missing (after a save was tried). */
  show: boolean;
  kind: 'logo' | 'banner';
  url: string | null;
  error: string | null;
}

/** The logo or banner: the image (or that there is none), a hidden file input behind its pick button, and its error. */
function ImagePicker({ actor, loadImage, uploading, saving, show, kind, url, error }: ImagePickerProps) {
  const { t } = useTranslation(['settings', 'errors']);
  const input = useRef<HTMLInputElement>(null);
  const message = useSettingsMessage();
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm" id={`settings-${kind}-label`}>
        {t(`digital.${kind}`)} <span aria-hidden="true">*</span>
      </Text>
      <Text size="xs" id={`settings-${kind}-hint`}>
        {t(`digital.${kind}Hint`)}
      </Text>
      {url ? (
        <SettingsImage
          url={url}
          load={loadImage}
          alt={t(`digital.${kind}`)}
          failedText={t('imageFailed')}
          width={kind === 'logo' ? 80 : 382}
          height={kind === 'logo' ? 80 : 160}
          testId={`settings-${kind}-image`}
        />
      ) : (
        <Text size="sm" data-testid={`settings-${kind}-none`}>
          {t('digital.noImage')}
        </Text>
      )}
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        hidden
        aria-labelledby={`settings-${kind}-label`}
        aria-describedby={`settings-${kind}-hint`}
        data-testid={`settings-${kind}-input`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) actor.send({ type: kind === 'logo' ? 'LOGO.PICK' : 'BANNER.PICK', file });
          e.currentTarget.value = '';
        }}
      />
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={uploading !== null || saving}
          loading={uploading === kind}
          onClick={() => input.current?.click()}
          aria-describedby={`settings-${kind}-hint`}
          data-testid={`settings-${kind}-pick`}
        >
          {t(url ? 'digital.replace' : 'digital.pick', { what: t(`digital.${kind}What`) })}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert" data-testid={`settings-${kind}-error`}>
          {message(error)}
        </Alert>
      ) : show && !url ? (
        <Text size="sm" c="red.9">
          {t('required')}
        </Text>
      ) : null}
    </Stack>
  );
}

function RewardPointForm({ actor }: { actor: SaleSettingsActor }) {
  const { t } = useTranslation(['settings', 'errors']);
  const c = useSelector(actor, selectSaleSettings);
  const saving = useSelector(actor, selectRewardSaving);
  const message = useSettingsMessage();
  const fields = useFormFields(actor, c.rewardForm, rewardFormKit, { rule: (_, code) => t(`reward.${code}`), service: message });
  const point = fields.text('point');
  const value = pointToSave(c.rewardForm.values.point);
  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'REWARD.SAVE' })} data-testid="reward-form">
      <Stack gap="md" maw={480}>
        <TextInput
          label={t('reward.percent')}
          description={t('reward.hint')}
          // Every change, typed or pasted, goes to the machine; it keeps the value unless it is digits with one decimal point.
          {...point}
          // The focus stays on Save after a refused save, where it always was.
          ref={undefined}
          rightSection={<Text size="sm">%</Text>}
          inputMode="decimal"
          maxLength={6}
          required
          disabled={saving}
          error={c.pointRefused ? t('reward.digitsOnly') : point.error}
          data-testid="reward-percent"
        />
        <Text size="sm" data-testid="reward-example">
          {t('reward.example')}{' '}
          {value !== null ? t('reward.exampleValue', { points: formatNumber(Math.floor((100_000 * value) / 100)) }) : null}
        </Text>
        <SaveErrorAlert code={c.rewardForm.saveError} title={t('saveFailed')} />
        <Group>
          <Button type="submit" loading={saving} data-testid="reward-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
