import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { cardPaymentMachine } from '../../machines/orderpayment/cardPayment.machine';
import { cashFormKit, type cashPaymentMachine } from '../../machines/orderpayment/cashPayment.machine';
import type { linkPaymentMachine } from '../../machines/orderpayment/linkPayment.machine';
import type { qrPaymentMachine } from '../../machines/orderpayment/qrPayment.machine';
import { CASH_MAX_CHARS, changeFor, canCompleteCash } from '../../machines/orderpayment/rules';
import { selectCard, selectCash, selectLinkWay, selectQr } from '../../machines/orderpayment/selectors';
import { errorMessageKey } from '../../services/errors';
import { FailureAlert } from '../shared/FailureAlert';
import { formatVnd } from '../shared/table/format';
import { QrImage } from '../shared/QrImage';
import { PaymentLinkResult, type CopyOutcome } from '../shared/PaymentLinkResult';
import { READABLE_ALERT } from './alert-styles';
import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { useFormFields } from '../shared/form/use-form-fields';
import { SoundboxPush } from './SoundboxPush';
import { READABLE_FILL } from '../shared/readable-fills';

export type CashActor = ActorRefFrom<typeof cashPaymentMachine>;
export type QrActor = ActorRefFrom<typeof qrPaymentMachine>;
export type CardActor = ActorRefFrom<typeof cardPaymentMachine>;
export type LinkActor = ActorRefFrom<typeof linkPaymentMachine>;

const groupDigits = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Cash (doc 2 §4, §5): received (digits, 13 at most), change or "unknown", Complete only when enough. */
export function CashPanel({ actor, total }: { actor: CashActor; total: number }) {
  const { t } = useTranslation(['orderpayment', 'errors']);
  const cash = useSelector(actor, selectCash);
  const form = useSelector(actor, (s) => s.context.form);
  // Only the change (FIELD.CHANGE, D283): "not enough" reads the total, so the panel words it below.
  const fields = useFormFields(actor, form, cashFormKit, { rule: () => '', service: (code) => t(errorMessageKey(code)) });
  const change = changeFor(cash.received, total);
  const enough = canCompleteCash(cash.received, total);
  const short = cash.received !== '' && !enough;
  return (
    <Stack gap="sm" data-testid="cash-panel">
      <TextInput
        label={t('cash.received')}
        description={t('cash.receivedHint', { max: CASH_MAX_CHARS })}
        inputMode="numeric"
        autoComplete="off"
        maxLength={CASH_MAX_CHARS + 4}
        value={groupDigits(cash.received)}
        readOnly={!cash.editable}
        error={short ? t('cash.notEnough', { total: formatVnd(total) }) : null}
        onChange={(e) => fields.change('received', e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && enough) actor.send({ type: 'PAY' });
        }}
        data-testid="cash-received"
      />
      <Group justify="space-between">
        <Text>{t('cash.change')}</Text>
        <Text fw={700} data-testid="cash-change">
          {change === null ? t('cash.changeUnknown') : formatVnd(change)}
        </Text>
      </Group>
      {cash.errorCode && (
        <Alert styles={READABLE_ALERT} color="red" role="alert" title={t('cash.failed')}>
          {t(errorMessageKey(cash.errorCode))}
        </Alert>
      )}
      {cash.uncertain ? (
        <Alert styles={READABLE_ALERT} color="yellow" role="alert" title={t('uncertain.title')} data-testid="payment-uncertain">
          <Stack gap="xs">
            <Text size="sm">{t('uncertain.body')}</Text>
            <Button onClick={() => actor.send({ type: 'RETRY' })} data-testid="payment-retry">
              {t('uncertain.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Button onClick={() => actor.send({ type: 'PAY' })} disabled={!enough} loading={cash.busy} data-testid="cash-complete">
          {t('cash.complete')}
        </Button>
      )}
    </Stack>
  );
}

/** QR (doc 2 §2, §8): the order's VietQR, or why there is none. The paid event is heard by the screen. */
export function QrPanel({
  actor,
  amount,
  orderCode,
  onOpenDisplay,
  pairHref,
}: {
  actor: QrActor;
  amount: number;
  orderCode: string;
  onOpenDisplay: () => void;
  /** Where another device (a tablet facing the guest) is paired as the display (D141). */
  pairHref: string;
}) {
  const { t } = useTranslation(['orderpayment', 'errors']);
  const qr = useSelector(actor, selectQr);
  if (qr.loading) return <Loader aria-label={t('qr.loading')} />;
  if (qr.noAccount)
    return (
      <Alert styles={READABLE_ALERT} color="yellow" role="alert" title={t('qr.noAccountTitle')} data-testid="qr-no-account">
        {t('qr.not_setting_account_yet')}
      </Alert>
    );
  if (qr.errorCode)
    return (
      <FailureAlert
        title={t('qr.failed')}
        message={t(errorMessageKey(qr.errorCode))}
        retryLabel={t('retry')}
        onRetry={() => actor.send({ type: 'RETRY' })}
      />
    );
  if (!qr.qr) return null;
  return (
    <Stack align="center" gap="xs" data-testid="qr-panel">
      <QrImage
        payload={qr.qr}
        alt={t('qr.alt', { code: orderCode })}
        testId="payment-qr"
        style={{ width: 264, maxWidth: '100%', height: 'auto' }}
      />
      <Text fw={700}>{formatVnd(amount)}</Text>
      <Text size="sm" c="dimmed" role="status">
        {t('qr.waiting')}
      </Text>
      {qr.renewed && (
        <Text size="sm" role="status" data-testid="qr-renewed">
          {t('soundbox.renewed')}
        </Text>
      )}
      <SoundboxPush actor={actor} />
      <Group justify="center" gap="sm">
        <Button variant="default" onClick={onOpenDisplay}>
          {t('display.open')}
        </Button>
        <Anchor component={Link} to={pairHref} size="sm" c="blue.8">
          {t('display.pairOther')}
        </Anchor>
      </Group>
    </Stack>
  );
}

// Dark shades: white text on Mantine's green (even green 9: 4.36:1), red and gray falls below 4.5:1.
const CONNECTION_COLOURS = { ONLINE: READABLE_FILL.green, OFFLINE: 'red.9', NOT_CONNECTED: 'gray.7' } as const;

/** Card terminal (doc 2 §4, §5, §8): choose, watch its connection, pay when ONLINE, wait, or say why not. */
export function CardPanel({ actor, hotline }: { actor: CardActor; hotline: string }) {
  const { t } = useTranslation(['orderpayment', 'errors']);
  const card = useSelector(actor, selectCard);
  // Why the card payment ended without charging: declined, refused for its amount (D215) or cancelled (D216).
  const ended = card.failure === 'AMOUNT_MISMATCH' ? 'mismatch' : card.failure === 'CANCELLED' ? 'cancelled' : 'declined';
  if (card.loading) return <Loader aria-label={t('card.loading')} />;
  if (card.terminalsFailed)
    return (
      <FailureAlert
        title={t('card.terminalsFailed')}
        message={t(errorMessageKey(card.errorCode))}
        retryLabel={t('retry')}
        onRetry={() => actor.send({ type: 'RETRY' })}
      />
    );
  return (
    <Stack gap="sm" data-testid="card-panel">
      {card.terminals.length === 0 ? (
        <Alert styles={READABLE_ALERT} color="yellow">
          {t('card.noTerminals')}
        </Alert>
      ) : (
        <Select
          label={t('card.terminal')}
          placeholder={t('card.choose')}
          data={card.terminals.map((terminal) => ({ value: terminal.serial_number, label: terminal.serial_number }))}
          value={card.serial}
          onChange={(serial) => serial && actor.send({ type: 'TERMINAL.SELECT', serial })}
          allowDeselect={false}
          maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
          comboboxProps={{ withinPortal: true }}
          data-testid="card-terminal"
        />
      )}
      {card.serial && (
        <Group gap="xs" role="status" data-testid="card-connection">
          <Text size="sm">{t('card.connection')}</Text>
          {card.connection ? (
            <Badge color={CONNECTION_COLOURS[card.connection]} data-testid="card-connection-status" data-status={card.connection}>
              {t(`card.status.${card.connection}`)}
            </Badge>
          ) : (
            <Loader size="xs" aria-label={t('card.checking')} />
          )}
          {card.connectionError && (
            <Text size="sm" c="red.9">
              {t(errorMessageKey(card.connectionError))}
            </Text>
          )}
          {card.pollingStopped && (
            <Button size="xs" variant="default" onClick={() => actor.send({ type: 'CHECK.AGAIN' })}>
              {t('card.checkAgain')}
            </Button>
          )}
        </Group>
      )}
      {card.errorCode && !card.terminalsFailed && (
        <Alert styles={READABLE_ALERT} color="red" role="alert" title={t('card.failed')}>
          {t(errorMessageKey(card.errorCode))}
        </Alert>
      )}
      {card.uncertain ? (
        <Alert styles={READABLE_ALERT} color="yellow" role="alert" title={t('uncertain.title')} data-testid="payment-uncertain">
          <Stack gap="xs">
            <Text size="sm">{t('uncertain.body')}</Text>
            <Button onClick={() => actor.send({ type: 'RETRY' })} data-testid="payment-retry">
              {t('uncertain.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Button onClick={() => actor.send({ type: 'PAY' })} disabled={!card.canPay} loading={card.busy} data-testid="card-pay">
          {t('card.pay')}
        </Button>
      )}
      <Modal opened={card.waiting} onClose={() => {}} withCloseButton={false} centered title={t('card.waitingTitle')}>
        <Stack align="center" role="status" data-testid="card-waiting">
          <Loader aria-hidden />
          <Text>{t('card.waitingBody', { code: card.orderCode })}</Text>
        </Stack>
      </Modal>
      <Modal
        opened={card.declined || card.disconnected}
        onClose={() => actor.send({ type: 'CLOSE' })}
        centered
        title={card.declined ? t(`card.${ended}Title`) : t('card.disconnectedTitle')}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Stack data-testid={card.declined ? 'card-declined' : 'card-disconnected'} data-failure={card.failure ?? undefined}>
          <Text>{card.declined ? t(`card.${ended}Body`) : t('card.disconnectedBody', { hotline })}</Text>
          <Button onClick={() => actor.send({ type: 'CLOSE' })}>{t('close')}</Button>
        </Stack>
      </Modal>
    </Stack>
  );
}

/**
 * The link (doc 2 §2 Order payment panel, §4 Pay by Link): this order's payment link, its QR and copy,
 * for the guest to pay on the checkout page; the paid event is heard by the screen.
 */
export function LinkPanel({ actor, onCopy }: { actor: LinkActor; onCopy?: (outcome: CopyOutcome) => void }) {
  const { t } = useTranslation(['orderpayment', 'errors']);
  const way = useSelector(actor, selectLinkWay);
  if (way.loading) return <Loader aria-label={t('link.loading')} />;
  if (way.widgetFailed)
    return (
      <FailureAlert
        title={t('link.create_payment_link_error')}
        message={t(errorMessageKey(way.errorCode))}
        retryLabel={t('retry')}
        onRetry={() => actor.send({ type: 'RETRY' })}
        testId="link-widget-failed"
      />
    );
  if (way.uncertain)
    return (
      <Alert styles={READABLE_ALERT} color="yellow" role="alert" title={t('link.uncertainTitle')} data-testid="link-uncertain">
        <Stack gap="xs">
          <Text size="sm">{t('link.uncertainBody')}</Text>
          <Button onClick={() => actor.send({ type: 'RETRY' })} data-testid="link-retry">
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (way.errorCode)
    return (
      <FailureAlert
        title={t('link.failed')}
        message={t(errorMessageKey(way.errorCode))}
        retryLabel={t('retry')}
        onRetry={() => actor.send({ type: 'RETRY' })}
        testId="link-failed"
      />
    );
  if (!way.link) return null;
  return (
    <Stack gap="sm" data-testid="link-panel">
      <Text size="sm">{t('link.hint')}</Text>
      <PaymentLinkResult
        url={way.link.url}
        orderId={way.link.order_id}
        amount={way.link.amount}
        expiresAt={way.link.expires_at}
        testId="order-link"
        onCopy={onCopy}
      />
    </Stack>
  );
}
