import { useCallback, useEffect, useRef } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './bank.module.css';

const PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'] as const;
/** Sub-pixel rounding of scroll positions (zoom, high-DPI) must not keep Agree disabled. */
const END_TOLERANCE_PX = 4;

/**
 * core §4 Terms modal: Agree stays disabled until the terms were scrolled to the bottom. The text is
 * a focusable region, so keyboard users scroll it with the arrow keys; text that fits without
 * scrolling counts as read at once.
 */
export function TermsModal(props: {
  opened: boolean;
  read: boolean;
  busy: boolean;
  onScrolledToEnd: () => void;
  onAgree: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('bank');
  const { opened, read, onScrolledToEnd } = props;
  const box = useRef<HTMLDivElement | null>(null);

  const check = useCallback(() => {
    const el = box.current;
    if (!el || read) return;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - END_TOLERANCE_PX) onScrolledToEnd();
  }, [read, onScrolledToEnd]);

  // The modal mounts its content after opening: check once it is laid out.
  useEffect(() => {
    if (!opened) return;
    const id = requestAnimationFrame(check);
    return () => cancelAnimationFrame(id);
  }, [opened, check]);

  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={t('terms.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('terms.cancel') }}
    >
      <Stack gap="sm">
        <div
          ref={(el) => {
            box.current = el;
          }}
          className={classes.terms}
          tabIndex={0}
          role="region"
          aria-label={t('terms.region')}
          data-testid="bank-terms"
          onScroll={check}
        >
          {PARAGRAPHS.map((key) => (
            <Text key={key} size="sm" mb="sm">
              {t(`terms.${key}`)}
            </Text>
          ))}
        </div>
        {!read ? (
          <Text size="xs" c="dimmed" id="bank-terms-hint">
            {t('terms.scrollHint')}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('terms.cancel')}
          </Button>
          <Button onClick={props.onAgree} disabled={!read} loading={props.busy} aria-describedby={read ? undefined : 'bank-terms-hint'}>
            {t('terms.agree')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
