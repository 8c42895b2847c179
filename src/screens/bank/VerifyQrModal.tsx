import { LoadingLine } from '../shared/LoadingLine';
import { Alert, Box, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { QrImage } from '../shared/QrImage';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { bankVerifyMachine } from '../../machines/bank/bankVerify.machine';
import { errorMessageKey } from '../../services/errors';
import type { BankOption } from '../../services/bank/schemas';
import { formatVnd } from '../shared/table/format';
import { FailureAlert } from '../shared/FailureAlert';

export type BankVerifyActor = ActorRefFrom<typeof bankVerifyMachine>;

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere', textAlign: 'right' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The QR verification modal of one bankVerify actor (core §4): the QR with account, bank, amount and
 * description as text until the bank confirms, then the success message for 2.5 s. Closing is always
 * possible; the machine decides what closing means.
 */
export function VerifyQrModal({ actor, banks }: { actor: BankVerifyActor; banks: readonly BankOption[] }) {
  const { t } = useTranslation(['bank', 'errors']);
  const snap = useSelector(actor, (s) => s);
  const { context } = snap;
  const bank = banks.find((b) => b.bank_code === context.bankCode);
  // "ACB (ACB)" says nothing twice: the code is added only where it differs from the short name.
  const bankLabel = !bank
    ? context.bankCode
    : bank.short_name === bank.bank_code
      ? bank.short_name
      : `${bank.short_name} (${bank.bank_code})`;
  const amount = formatVnd(context.amount);
  const close = () => actor.send({ type: 'CLOSE' });
  const open = snap.status === 'active';

  return (
    <Modal opened={open} onClose={close} title={t('qr.title')} centered size="md" closeButtonProps={{ 'aria-label': t('qr.close') }}>
      {snap.hasTag('success') ? (
        <Stack gap="md" role="status" data-testid="bank-verify-success">
          <Alert color="green" variant="light" title={t('qr.successTitle')}>
            {t('qr.successBody', { account: context.bankAccountNo })}
          </Alert>
          <Button onClick={close}>{t('qr.close')}</Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          {snap.hasTag('loading') ? (
            <Center mih={200} role="status">
              <LoadingLine label={t('qr.loading')} />
            </Center>
          ) : null}
          {snap.matches('qrFailed') ? (
            <FailureAlert
              title={t('qr.loadFailed')}
              message={t(errorMessageKey(context.errorCode))}
              retryLabel={t('qr.retry')}
              onRetry={() => actor.send({ type: 'RETRY' })}
            />
          ) : null}
          {context.qr && !snap.matches('qrFailed') ? (
            <>
              <Text size="sm">{t('qr.instructions')}</Text>
              <Center>
                <Box bg="white" p={0}>
                  <QrImage
                    payload={context.qr}
                    alt={t('qr.imageAlt', { amount, account: context.bankAccountNo })}
                    testId="bank-qr"
                    style={{ maxWidth: '100%', height: 'auto' }}
                  />
                </Box>
              </Center>
              <Field label={t('qr.account')} value={context.bankAccountNo} testId="qr-account" />
              <Field label={t('qr.bank')} value={bankLabel} testId="qr-bank" />
              <Field label={t('qr.amount')} value={amount} testId="qr-amount" />
              <Field label={t('qr.description')} value={context.description} testId="qr-description" />
            </>
          ) : null}
          {snap.hasTag('waiting') ? (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{context.connectionLost ? t('qr.connectionLost') : t('qr.waiting')}</Text>
            </Group>
          ) : null}
          {snap.matches('listenFailed') ? (
            <Alert color="orange" variant="light" role="alert">
              <Stack gap="xs">
                <Text size="sm">{t('qr.listenFailed')}</Text>
                <Button variant="default" size="xs" onClick={() => actor.send({ type: 'RETRY' })}>
                  {t('qr.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('qr.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
