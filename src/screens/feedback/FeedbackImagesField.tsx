import { useRef } from 'react';
import { Button, CloseButton, FileButton, Group, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import type { ActorRefFrom } from 'xstate';
import type { feedbackFormMachine } from '../../machines/feedback/feedbackForm.machine';
import { FEEDBACK_MAX_IMAGES } from '../../services/feedback/schemas';
import { FeedbackImage, LocalPreview } from './FeedbackImage';
import classes from './feedback.module.css';

const REFUSAL_TEXT = { format: 'errors.imageFormat', size: 'errors.imageSize', count: 'errors.imageCount' } as const;

/**
 * The form's images (core §5 Feedback): thumbnails of the kept and picked ones, the picker, and the
 * refusals of the last pick with the field's own message in one alert region. Picked files are
 * previewed through object URLs; kept ones are fetched with the session.
 */
export function FeedbackImagesField({
  actor,
  t,
  busy,
  checking,
  message,
  loadImage,
}: {
  actor: ActorRefFrom<typeof feedbackFormMachine>;
  t: TFunction;
  busy: boolean;
  checking: boolean;
  message: string | null;
  loadImage: (url: string) => Promise<Blob>;
}) {
  const images = useSelector(actor, (s) => s.context.images);
  const refused = useSelector(actor, (s) => s.context.refused);
  const resetPicker = useRef<() => void>(null);

  return (
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
        {message ? (
          <Text size="sm" c="red.9">
            {message}
          </Text>
        ) : null}
      </div>
    </fieldset>
  );
}
