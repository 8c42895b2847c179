import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { useMemo, useRef } from 'react';
import { Alert, Button, CloseButton, FileButton, Group, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { feedbackFormMachine } from '../../machines/feedback/feedbackForm.machine';
import {
  FEEDBACK_CONTENT,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_MAX_IMAGES,
  needsContent,
  needsSerial,
} from '../../services/feedback/schemas';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { StoreFilter, type StoreOption } from '../shared/table/StoreFilter';
import '../shared/table/styles';
import { FeedbackImage, LocalPreview } from './FeedbackImage';
import { fieldMessage, serviceMessage } from './labels';
import classes from './feedback.module.css';

export type FeedbackFormActor = ActorRefFrom<typeof feedbackFormMachine>;

const REFUSAL_TEXT = { format: 'errors.imageFormat', size: 'errors.imageSize', count: 'errors.imageCount' } as const;

/**
 * /feedback/create/{tab} and /feedback/update/{tab}/{id} (core §5 Feedback). Renders the machine's
 * form; every value and image stays in the machine, so a refusal loses nothing. Picked files are
 * previewed through object URLs; kept ones are fetched with the session.
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
  const form = useSelector(actor, (s) => s.context.form);
  const errors = useSelector(actor, (s) => s.context.errors);
  const showErrors = useSelector(actor, (s) => s.context.showErrors);
  const images = useSelector(actor, (s) => s.context.images);
  const refused = useSelector(actor, (s) => s.context.refused);
  const devices = useSelector(actor, (s) => s.context.devices);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const submitError = useSelector(actor, (s) => s.context.submitError);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const checking = useSelector(actor, (s) => s.hasTag('checking'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const resetPicker = useRef<() => void>(null);

  const contentData = useMemo(() => FEEDBACK_CONTENT[type].map((c) => ({ value: c, label: t(`content.${c}`) })), [type, t]);
  const deviceData = useMemo(
    () =>
      devices.map((d) => ({
        value: d.serial_number,
        label: t('form.serialOption', { serial: d.serial_number, store: d.store_name ?? '' }),
      })),
    [devices, t],
  );
  const message = (field: Parameters<typeof fieldMessage>[1]) => (showErrors ? fieldMessage(t, field, errors[field]) : null);
  const typeName = t(`type.${type}`);
  const title = t(editing ? 'form.updateTitle' : 'form.createTitle', { type: typeName });
  const imagesMessage = message('images');

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
        <form
          noValidate
          aria-label={title}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          <Stack gap="md">
            <div>
              <StoreFilter
                stores={stores}
                loading={storesLoading}
                value={form.storeId}
                onChange={(id, store) => actor.send({ type: 'STORE.SET', id, name: store?.name ?? null })}
                label={t('form.store')}
                required
                error={message('store')}
                disabled={busy}
              />
            </div>
            {needsContent(type) ? (
              <Select
                label={t('form.content')}
                placeholder={t('form.contentPlaceholder')}
                data={contentData}
                value={form.content}
                onChange={(value) => actor.send({ type: 'CONTENT.SET', value })}
                error={message('content')}
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
                value={form.serialNumber}
                onChange={(value) => actor.send({ type: 'SERIAL.SET', value })}
                error={message('serial')}
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
              value={form.description}
              onChange={(e) => actor.send({ type: 'DESCRIPTION.CHANGE', value: e.currentTarget.value })}
              error={message('description')}
              description={t('form.descriptionCount', { count: [...form.description].length, max: FEEDBACK_DESCRIPTION_MAX })}
              // A fixed height: Mantine's autosize needs document.fonts, which not every engine has.
              rows={5}
              withAsterisk
              disabled={busy}
              data-testid="feedback-description"
            />
            <fieldset style={{ border: 0, margin: 0, padding: 0 }} aria-describedby="feedback-images-hint">
              <legend>
                <Text size="sm" fw={500} component="span">
                  {t('form.images')}{' '}
                  <Text span c="red.9" aria-hidden>
                    *
                  </Text>
                </Text>
              </legend>
              <Text size="xs" c="dimmed" id="feedback-images-hint" mb="xs">
                {t('form.imagesHint', { max: FEEDBACK_MAX_IMAGES })}
              </Text>
              {images.length > 0 ? (
                <ul className={classes.thumbs} data-testid="feedback-images">
                  {images.map((image, i) => (
                    <li key={image.key} className={classes.thumb}>
                      {image.kind === 'new' ? (
                        <LocalPreview file={image.file} alt={t('form.previewAlt', { n: i + 1 })} />
                      ) : (
                        <FeedbackImage
                          url={image.url}
                          load={loadImage}
                          alt={t('form.previewAlt', { n: i + 1 })}
                          loadingText={t('detail.imageLoading', { n: i + 1 })}
                          failedText={t('detail.imageFailed', { n: i + 1 })}
                        />
                      )}
                      <CloseButton
                        pos="absolute"
                        top={4}
                        right={4}
                        variant="filled"
                        color="dark"
                        aria-label={t('form.remove', { n: i + 1 })}
                        disabled={busy}
                        onClick={() => actor.send({ type: 'IMAGE.REMOVE', key: image.key })}
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
              <Group mt="xs" gap="xs">
                <FileButton
                  resetRef={resetPicker}
                  accept="image/png,image/jpeg"
                  multiple
                  disabled={busy || checking}
                  onChange={(files) => {
                    if (files.length > 0) actor.send({ type: 'IMAGES.ADD', files });
                    resetPicker.current?.();
                  }}
                >
                  {(props) => (
                    <Button {...props} variant="default" loading={checking} data-testid="feedback-pick">
                      {t('form.pick')}
                    </Button>
                  )}
                </FileButton>
                {checking ? <Text size="sm">{t('form.checking')}</Text> : null}
              </Group>
              <div role="alert" data-testid="feedback-image-messages">
                {refused.map((r, i) => (
                  <Text key={`${r.name}-${i}`} size="sm" c="red.9">
                    {t('form.refused', { name: r.name || t('form.images'), reason: t(REFUSAL_TEXT[r.problem]) })}
                  </Text>
                ))}
                {imagesMessage ? (
                  <Text size="sm" c="red.9">
                    {imagesMessage}
                  </Text>
                ) : null}
              </div>
            </fieldset>
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
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
