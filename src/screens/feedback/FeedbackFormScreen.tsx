import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { useMemo } from 'react';
import { Alert, Button, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { feedbackFormKit, imagesMissing, type feedbackFormMachine } from '../../machines/feedback/feedbackForm.machine';
import { FEEDBACK_CONTENT, FEEDBACK_DESCRIPTION_MAX, needsContent, needsSerial } from '../../services/feedback/schemas';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { useFormFields } from '../shared/form/use-form-fields';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import '../shared/table/styles';
import { FeedbackImagesField } from './FeedbackImagesField';
import { fieldMessage, serviceMessage } from './labels';
import { SubmitForm } from '../shared/form/SubmitForm';

export type FeedbackFormActor = ActorRefFrom<typeof feedbackFormMachine>;

/** The typed fields as the shared form gives them (values, FIELD.CHANGE / FIELD.BLUR, each one's message). */
type FeedbackFields = ReturnType<typeof useFeedbackFields>;

/**
 * The typed fields through the form toolkit (D283). A field's message shows once Save was pressed,
 * worded as before (feedback:errors.*); no refs are handed out, so a refused Save leaves the focus
 * where it was, as this form always did.
 */
/** A field's props without its ref (see useFeedbackFields). */
const withoutRef = <P extends { ref: unknown }>({ ref: _ref, ...props }: P) => props;

function useFeedbackFields(actor: FeedbackFormActor, t: TFunction) {
  const type = useSelector(actor, (s) => s.context.type);
  const form = useSelector(actor, (s) => s.context.form);
  return useFormFields(actor, form, feedbackFormKit(type), {
    rule: (field, code) => fieldMessage(t, field, code) ?? '',
    service: (code) => serviceMessage(t, code),
  });
}

/**
 * /feedback/create/{tab} and /feedback/update/{tab}/{id} (core §5 Feedback). Renders the machine's
 * form; every value and image stays in the machine, so a refusal loses nothing.
 */
export function FeedbackFormScreen({
  actor,
  stores,
  storesLoading,
  loadImage,
}: {
  actor: FeedbackFormActor;
  stores: readonly StoreOption[];
  storesLoading: boolean;
  loadImage: (url: string) => Promise<Blob>;
}) {
  const { t } = useTranslation(['feedback', 'errors']);
  const type = useSelector(actor, (s) => s.context.type);
  const editing = useSelector(actor, (s) => s.context.id !== null);
  const noImage = useSelector(actor, (s) => imagesMissing(s.context));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));

  const fields = useFeedbackFields(actor, t);
  const typeName = t(`type.${type}`);
  const title = t(editing ? 'form.updateTitle' : 'form.createTitle', { type: typeName });

  return (
    <Stack gap="md" p="md" maw={720}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {loading ? <LoadingLine label={t('form.loading')} /> : null}
      {failed ? (
        <FailureAlert
          title={t('form.loadFailed')}
          message={serviceMessage(t, loadError)}
          retryLabel={t('retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
          back={{ label: t('form.back'), onClick: () => actor.send({ type: 'CANCEL' }) }}
        />
      ) : null}
      {!loading && !failed ? (
        <SubmitForm aria-label={title} onSubmit={() => actor.send({ type: 'SUBMIT' })}>
          <Stack gap="md">
            <FeedbackFields actor={actor} t={t} stores={stores} storesLoading={storesLoading} busy={busy} fields={fields} />
            <FeedbackImagesField
              actor={actor}
              t={t}
              busy={busy}
              checking={checking}
              message={noImage ? fieldMessage(t, 'images', 'required') : null}
              loadImage={loadImage}
            />
            <FeedbackFormActions actor={actor} t={t} editing={editing} busy={busy} checking={checking} />
          </Stack>
        </SubmitForm>
      ) : null}
    </Stack>
  );
}

/** The typed fields: the store, the content (not for OTHER), the terminal (EDC and QR) and the description. */
function FeedbackFields({
  actor,
  t,
  stores,
  storesLoading,
  busy,
  fields,
}: {
  actor: FeedbackFormActor;
  t: TFunction;
  stores: readonly StoreOption[];
  storesLoading: boolean;
  busy: boolean;
  fields: FeedbackFields;
}) {
  const type = useSelector(actor, (s) => s.context.type);
  const form = fields.values;
  const devices = useSelector(actor, (s) => s.context.devices);

  const contentData = useMemo(() => FEEDBACK_CONTENT[type].map((c) => ({ value: c, label: t(`content.${c}`) })), [type, t]);
  const deviceData = useMemo(
    () =>
      devices.map((d) => ({
        value: d.serial_number,
        label: t('form.serialOption', { serial: d.serial_number, store: d.store_name ?? '' }),
      })),
    [devices, t],
  );

  return (
    <>
      <div>
        <StoreFilter
          stores={stores}
          loading={storesLoading}
          value={form.store}
          onChange={(id) => fields.change('store', id)}
          label={t('form.store')}
          required
          error={fields.error('store')}
          disabled={busy}
        />
      </div>
      {needsContent(type) ? (
        <Select
          label={t('form.content')}
          placeholder={t('form.contentPlaceholder')}
          data={contentData}
          {...withoutRef(fields.input('content'))}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          withAsterisk
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          data-testid="feedback-content"
        />
      ) : null}
      {needsSerial(type) ? (
        <Select
          label={t('form.serial')}
          placeholder={t('form.serialPlaceholder')}
          data={deviceData}
          {...withoutRef(fields.input('serial'))}
          description={devices.length === 0 ? t('form.noDevices') : undefined}
          searchable
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          withAsterisk
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          data-testid="feedback-serial"
        />
      ) : null}
      <Textarea
        label={t('form.description')}
        placeholder={t('form.descriptionPlaceholder')}
        {...withoutRef(fields.text('description'))}
        description={t('form.descriptionCount', { count: [...form.description].length, max: FEEDBACK_DESCRIPTION_MAX })}
        // A fixed height: Mantine's autosize needs document.fonts, which not every engine has.
        rows={5}
        withAsterisk
        disabled={busy}
        data-testid="feedback-description"
      />
    </>
  );
}

/** The send failure (what happened; everything typed is still there) and the cancel and send buttons. */
function FeedbackFormActions({
  actor,
  t,
  editing,
  busy,
  checking,
}: {
  actor: FeedbackFormActor;
  t: TFunction;
  editing: boolean;
  busy: boolean;
  checking: boolean;
}) {
  const submitError = useSelector(actor, (s) => s.context.form.saveError);
  return (
    <>
      {submitError ? (
        <Alert color="red" variant="light" role="alert" title={t('form.failedTitle')} data-testid="feedback-submit-error">
          <Text size="sm" c="red.9">
            {serviceMessage(t, submitError)}
          </Text>
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={busy} disabled={busy || checking}>
          {t(editing ? 'form.save' : 'form.submit')}
        </Button>
      </Group>
    </>
  );
}
