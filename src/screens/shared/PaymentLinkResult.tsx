import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QrImage } from './QrImage';
import { formatDateTime, formatVnd } from './table/format';

export type CopyOutcome = 'copied' | 'copy_fail';

export interface PaymentLinkResultProps {
  /** The signed link (contract §B `url`); the payer opens it, its QR encodes it. */
  url: string;
  orderId: string;
  amount: number;
  /** unix seconds. */
  expiresAt: number;
  /** Prefix of the test ids, so two results on one page stay apart. */
  testId?: string;
  /** Told after each copy (the app may also toast it, doc 2 §8 copied / copy_fail). */
  onCopy?(outcome: CopyOutcome): void;
  /** The clipboard; the browser's by default (tests pass their own). */
  writeText?(text: string): Promise<void>;
}

const browserWriteText = (text: string): Promise<void> =>
  typeof navigator !== 'undefined' && navigator.clipboard?.writeText
    ? navigator.clipboard.writeText(text)
    : Promise.reject(new Error('no clipboard'));

/**
 * A payment link made (doc 2 §2 /pay-by-link result, the order payment screen's link tab): the link,
 * its QR and a copy button. The outcome of a copy is said in a live region beside the button, so it
 * is heard and stays readable; a failed copy leaves the link on screen to copy by hand.
 */
export function PaymentLinkResult({
  url,
  orderId,
  amount,
  expiresAt,
  testId = 'payment-link',
  onCopy,
  writeText = browserWriteText,
}: PaymentLinkResultProps) {
  const { t } = useTranslation('common');
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // A new link forgets what was said about the old one.
  useEffect(() => setOutcome(null), [url]);

  const copy = () => {
    setOutcome(null);
    writeText(url).then(
      () => {
        if (!mounted.current) return;
        setOutcome('copied');
        onCopy?.('copied');
      },
      () => {
        if (!mounted.current) return;
        setOutcome('copy_fail');
        onCopy?.('copy_fail');
      },
    );
  };

  return (
    <Stack gap="sm" data-testid={testId}>
      <Text size="sm">
        {t('paymentLink.order')}: <strong data-testid={`${testId}-order`}>{orderId}</strong>
      </Text>
      <Text size="sm">
        {t('paymentLink.amount')}: <strong data-testid={`${testId}-amount`}>{formatVnd(amount)}</strong>
      </Text>
      <Text size="sm">
        {t('paymentLink.expires')}: <span data-testid={`${testId}-expires`}>{formatDateTime(expiresAt)}</span>
      </Text>
      <Text size="sm" fw={500} id={`${testId}-label`}>
        {t('paymentLink.link')}
      </Text>
      <Anchor
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid={`${testId}-url`}
        aria-describedby={`${testId}-label`}
        style={{ wordBreak: 'break-all' }}
      >
        {url}
      </Anchor>
      <Group gap="sm" align="center">
        <Button variant="light" onClick={copy} data-testid={`${testId}-copy`}>
          {t('paymentLink.copy')}
        </Button>
        <Text
          size="sm"
          role="status"
          aria-live="polite"
          c={outcome === 'copy_fail' ? 'red.8' : undefined}
          data-testid={`${testId}-copy-status`}
        >
          {outcome ? t(`paymentLink.${outcome}`) : ''}
        </Text>
      </Group>
      <QrImage payload={url} alt={t('paymentLink.qrAlt', { order: orderId })} testId={`${testId}-qr`} pixels={240} />
    </Stack>
  );
}
