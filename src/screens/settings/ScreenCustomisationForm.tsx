import { useRef } from 'react';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  BANNER_SLOTS,
  selectBannersFull,
  selectUi,
  selectUiLoadFailed,
  selectUiLoading,
  selectUiProblems,
  selectUiSaving,
  selectUploadSlot,
  uiFormKit,
  type ImageSlot,
  type screenCustomisationMachine,
  type UiField,
  type UiProblem,
  type UiText,
  type UiValues,
} from '../../machines/settings/screenCustomisation.machine';
import { UI_TEXT_MAX } from '../../services/settings/schemas';
import { SaveErrorAlert, SettingsLoadState, useSettingsMessage } from './parts';
import { SettingsImage } from './SettingsImage';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';

export type ScreenCustomisationActor = ActorRefFrom<typeof screenCustomisationMachine>;

const ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

/**
 * The screen customisation tab (doc 2 §2, §5): four banner slots (a new image fills the first empty
 * one; each filled slot can be replaced or cleared; with four the add button says the limit), the order
 * and success images (upload or a default one), the welcome and thank-you texts. Each slot shows its
 * own upload and its own refusal.
 */
export function ScreenCustomisationForm({
  actor,
  loadImage,
}: {
  actor: ScreenCustomisationActor;
  loadImage: (url: string) => Promise<Blob>;
}) {
  const { t } = useTranslation(['settings', 'errors']);
  const c = useSelector(actor, selectUi);
  const loading = useSelector(actor, selectUiLoading);
  const loadFailed = useSelector(actor, selectUiLoadFailed);
  const saving = useSelector(actor, selectUiSaving);
  const uploadSlot = useSelector(actor, selectUploadSlot);
  const problems = useSelector(actor, selectUiProblems, (a, b) => a.join() === b.join());
  const busy = saving || uploadSlot !== null;
  const message = useSettingsMessage();
  const fields = useFormFields(actor, c.form, uiFormKit, {
    rule: (_, code) => (code === 'textInvalid' ? t('screen.textInvalid', { max: UI_TEXT_MAX }) : t('required')),
    service: message,
  });

  if (loadFailed || loading)
    return (
      <SettingsLoadState
        loading={loading}
        loadFailed={loadFailed}
        title={t('screen.loadFailed')}
        code={c.loadError}
        onRetry={() => actor.send({ type: 'RETRY' })}
        testId="screen-load-failed"
      />
    );

  const parts: FormParts = { actor, c, fields, busy, saving, uploadSlot, problems, loadImage };

  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })} data-testid="screen-form">
      <Stack gap="md" maw={960}>
        <BannerSection {...parts} />
        <UiTextInput {...parts} field="firstWelcome" testKey="first" />
        <UiTextInput {...parts} field="secondWelcome" testKey="second" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ResultImage {...parts} slot="order" url={c.form.values.orderImg} problem="orderImg" />
          <ResultImage {...parts} slot="success" url={c.form.values.successImg} problem="successImg" />
        </SimpleGrid>
        <UiTextInput {...parts} field="thanks" testKey="thanks" />
        <SaveErrorAlert code={c.form.saveError} title={t('saveFailed')} testId="screen-save-error" />
        <Group>
          <Button type="submit" loading={saving} data-testid="screen-save">
            {t('save')}
          </Button>
          {uploadSlot !== null ? (
            <Text size="sm" role="status">
              {t('screen.waitUpload')}
            </Text>
          ) : problems.length > 0 ? (
            <Text size="sm" c="red.9" role="status">
              {t('fixErrors')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </SubmitForm>
  );
}

/** What every section of the form reads: the actor, its state and the flags derived from it. */
interface FormParts {
  actor: ScreenCustomisationActor;
  c: ReturnType<typeof selectUi>;
  /** The texts as the shared form gives them (value, FIELD.CHANGE, problem). */
  fields: ReturnType<typeof useFormFields<UiValues, UiField, UiProblem>>;
  /** Saving or uploading: no other upload or change of image meanwhile. */
  busy: boolean;
  saving: boolean;
  uploadSlot: ReturnType<typeof selectUploadSlot>;
  problems: ReturnType<typeof selectUiProblems>;
  loadImage: (url: string) => Promise<Blob>;
}

/** A slot's name as the person reads it (banner n, the order image, the success image). */
function useSlotLabel() {
  const { t } = useTranslation(['settings', 'errors']);
  return (slot: ImageSlot) =>
    slot === 'order'
      ? t('screen.orderImg')
      : slot === 'success'
        ? t('screen.successImg')
        : t('screen.banner', { n: BANNER_SLOTS.indexOf(slot) + 1 });
}

/** The four banner slots and the add button (a hidden file input behind it), with the "at least one" problem. */
function BannerSection(parts: FormParts) {
  const { actor, c, busy, problems } = parts;
  const { t } = useTranslation(['settings', 'errors']);
  const full = useSelector(actor, selectBannersFull);
  const addInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <Title order={2} size="h4">
        {t('screen.banners')}
      </Title>
      <Text size="sm" id="screen-banner-hint">
        {t('screen.bannerHint')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {BANNER_SLOTS.map((slot, i) => (
          <SlotView key={slot} {...parts} slot={slot} url={c.form.values.banners[i] ?? null} wide={false} />
        ))}
      </SimpleGrid>
      <input
        ref={addInput}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={t('screen.add')}
        data-testid="screen-add-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) actor.send({ type: 'BANNER.ADD', file });
          e.currentTarget.value = '';
        }}
      />
      <Group gap="sm">
        <Button
          variant="default"
          disabled={busy || full}
          onClick={() => addInput.current?.click()}
          aria-describedby="screen-banner-hint"
          data-testid="screen-add"
        >
          {full ? t('screen.full') : t('screen.add')}
        </Button>
        {problems.includes('banners') ? (
          <Text size="sm" c="red.9">
            {t('screen.bannersRequired')}
          </Text>
        ) : null}
      </Group>
    </>
  );
}

/** The order or success image: its slot, the default images to choose from, and "required". */
function ResultImage(parts: FormParts & { slot: 'order' | 'success'; url: string | null; problem: 'orderImg' | 'successImg' }) {
  const { t } = useTranslation(['settings', 'errors']);
  return (
    <Stack gap="xs">
      <SlotView {...parts} wide />
      <DefaultImages {...parts} />
      {parts.problems.includes(parts.problem) ? (
        <Text size="sm" c="red.9">
          {t('required')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One image slot: its image (or that it is empty or uploading), its refusal, and its replace, clear or upload buttons. */
function SlotView({
  actor,
  c,
  busy,
  uploadSlot,
  loadImage,
  slot,
  url,
  wide,
}: FormParts & { slot: ImageSlot; url: string | null; wide: boolean }) {
  const { t } = useTranslation(['settings', 'errors']);
  const slotLabel = useSlotLabel();
  const message = useSettingsMessage();
  return (
    <Stack gap={4} data-testid={`screen-slot-${slot}`}>
      <Text size="sm" fw={500}>
        {slotLabel(slot)}
      </Text>
      {uploadSlot === slot ? (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">{t('screen.uploading')}</Text>
        </Group>
      ) : url ? (
        <SettingsImage
          url={url}
          load={loadImage}
          alt={slotLabel(slot)}
          failedText={t('imageFailed')}
          width={wide ? 302 : 150}
          height={wide ? 155 : 78}
          testId={`screen-image-${slot}`}
        />
      ) : (
        <Text size="sm">{t('screen.empty')}</Text>
      )}
      {c.slotErrors[slot] ? (
        <Alert color="red" variant="light" role="alert" p="xs" data-testid={`screen-error-${slot}`}>
          {message(c.slotErrors[slot]!)}
        </Alert>
      ) : null}
      {url ? (
        <Group gap="xs">
          <FilePick
            short={t('screen.replaceShort')}
            label={t('screen.replace', { what: slotLabel(slot) })}
            disabled={busy}
            onFile={(file) => actor.send({ type: 'SLOT.PICK', slot, file })}
            testId={`screen-replace-${slot}`}
          />
          {slot.startsWith('banner') ? (
            <Button
              variant="default"
              size="xs"
              disabled={busy}
              onClick={() => actor.send({ type: 'BANNER.CLEAR', slot: slot as (typeof BANNER_SLOTS)[number] })}
              aria-label={t('screen.clear', { what: slotLabel(slot) })}
              data-testid={`screen-clear-${slot}`}
            >
              {t('screen.clearShort')}
            </Button>
          ) : null}
        </Group>
      ) : slot === 'order' || slot === 'success' ? (
        <FilePick
          short={t('screen.uploadShort')}
          label={t('screen.upload', { what: slotLabel(slot) })}
          disabled={busy}
          onFile={(file) => actor.send({ type: 'SLOT.PICK', slot, file })}
          testId={`screen-upload-${slot}`}
        />
      ) : null}
    </Stack>
  );
}

/** The default images the order or success slot can take instead of an upload; the chosen one is outlined. */
function DefaultImages({ actor, c, busy, loadImage, slot }: FormParts & { slot: 'order' | 'success' }) {
  const { t } = useTranslation(['settings', 'errors']);
  const slotLabel = useSlotLabel();
  return (
    <Stack gap={4}>
      <Text size="sm">{t('screen.defaults')}</Text>
      <Group gap="xs">
        {c.defaults[slot].map((url, i) => {
          const chosen = (slot === 'order' ? c.form.values.orderImg : c.form.values.successImg) === url;
          return (
            <UnstyledButton
              key={url}
              onClick={() => actor.send({ type: 'IMAGE.DEFAULT', slot, url })}
              disabled={busy}
              aria-pressed={chosen}
              aria-label={t('screen.useDefault', { what: slotLabel(slot), n: i + 1 })}
              style={{ outline: chosen ? '3px solid var(--mantine-color-blue-7)' : undefined, borderRadius: 6 }}
              data-testid={`screen-default-${slot}-${i}`}
            >
              <SettingsImage url={url} load={loadImage} alt="" failedText={t('imageFailed')} width={96} height={50} />
            </UnstyledButton>
          );
        })}
      </Group>
    </Stack>
  );
}

/** A welcome or thank-you text. */
function UiTextInput({ fields, saving, field, testKey }: FormParts & { field: UiText; testKey: string }) {
  const { t } = useTranslation(['settings', 'errors']);
  return (
    <Textarea
      label={t(`screen.${field}`)}
      {...fields.text(field)}
      // The focus stays on Save after a refused save, where it always was.
      ref={undefined}
      required
      autosize
      minRows={1}
      maxLength={UI_TEXT_MAX}
      disabled={saving}
      data-testid={`screen-${testKey}`}
    />
  );
}

function FilePick({
  short,
  label,
  disabled,
  onFile,
  testId,
}: {
  short: string;
  label: string;
  disabled: boolean;
  onFile: (file: File) => void;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        hidden
        aria-label={label}
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) onFile(file);
          e.currentTarget.value = '';
        }}
      />
      <Button
        variant="default"
        size="xs"
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-label={label}
        data-testid={testId}
      >
        {short}
      </Button>
    </>
  );
}
