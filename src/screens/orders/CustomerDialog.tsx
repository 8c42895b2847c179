import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectCustomerBusy,
  selectCustomerCreated,
  selectCustomerError,
  selectCustomerFailed,
  selectCustomerFound,
  selectCustomerLooking,
  selectCustomerNotFound,
  selectCustomerOpen,
  selectCustomerProblems,
  selectCustomerStep,
  selectName,
  selectPhone,
  selectPhoneInvalid,
} from '../../machines/orders/selectors';
import { QUICK_NAME_MAX, QUICK_PHONE_MAX, quickPhoneProblem } from '../../machines/orders/rules/quickCustomer';
import { errorMessageKey } from '../../services/errors';
import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import type { OrderEditActor } from './OrderEditScreen';
import { SubmitForm } from '../shared/form/SubmitForm';

/**
 * The order's customer (doc 2 §4 "step 0 search by phone, step 1 create", §5 quick create, §9 search
 * 500 ms and attach 1 s): a phone finds the customer to choose; an unknown phone offers to create
 * them with a name, after which they are chosen for the order. Or the walk-in customer.
 */
export function CustomerDialog({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const open = useSelector(actor, selectCustomerOpen);
  const step = useSelector(actor, selectCustomerStep);
  const busy = useSelector(actor, selectCustomerBusy);
  const close = () => actor.send({ type: 'CUSTOMER.CLOSE' });

  return (
    <Modal
      opened={open}
      onClose={busy ? () => {} : close}
      title={t('customer.dialogTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('customer.close') }}
    >
      {step === 'search' ? <CustomerSearchStep actor={actor} /> : null}
      {step === 'create' ? <CustomerCreateStep actor={actor} /> : null}
      {step === 'busy' ? <LoadingLine label={t('customer.attaching')} /> : null}
    </Modal>
  );
}

/** Step 0 (doc 2 §4): a phone to look up, the customer found to choose, or the offer to create them; or the walk-in customer. */
function CustomerSearchStep({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const phone = useSelector(actor, selectPhone);
  const looking = useSelector(actor, selectCustomerLooking);
  const found = useSelector(actor, selectCustomerFound);
  const notFound = useSelector(actor, selectCustomerNotFound);
  const failed = useSelector(actor, selectCustomerFailed);
  const error = useSelector(actor, selectCustomerError);
  const phoneInvalid = useSelector(actor, selectPhoneInvalid);
  const searchPhoneProblem = phoneInvalid ? quickPhoneProblem(phone) : null;

  return (
    <Stack gap="sm" data-testid="order-customer-search">
      <TextInput
        label={t('customer.phone')}
        description={t('customer.phoneHint')}
        value={phone}
        maxLength={QUICK_PHONE_MAX}
        inputMode="tel"
        autoComplete="off"
        error={searchPhoneProblem ? t(`customer.errors.phone.${searchPhoneProblem}`) : undefined}
        onChange={(e) => actor.send({ type: 'PHONE.TYPE', value: e.currentTarget.value })}
        data-autofocus
        data-testid="order-customer-phone"
      />
      {looking ? <LoadingLine label={t('customer.looking')} /> : null}
      {found ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" data-testid="order-customer-found">
            {t('customer.found', { name: found.name, phone: found.phone_number })}
          </Text>
          <Button size="xs" onClick={() => actor.send({ type: 'CUSTOMER.ATTACH' })}>
            {t('customer.attach')}
          </Button>
        </Group>
      ) : null}
      {notFound ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" data-testid="order-customer-not-found">
            {t('customer.notFound')}
          </Text>
          <Button size="xs" onClick={() => actor.send({ type: 'CUSTOMER.NEW' })} data-testid="order-customer-new">
            {t('customer.createNew')}
          </Button>
        </Group>
      ) : null}
      {failed ? (
        <FailureAlert
          title={t('customer.lookupFailed')}
          message={t(errorMessageKey(error))}
          retryLabel={t('customer.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => actor.send({ type: 'CUSTOMER.WALK_IN' })}>
          {t('customer.walkIn')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 1 (doc 2 §5 quick create): name and phone of a new customer, chosen for the order once created. */
function CustomerCreateStep({ actor }: { actor: OrderEditActor }) {
  const { t } = useTranslation(['orders', 'errors']);
  const phone = useSelector(actor, selectPhone);
  const name = useSelector(actor, selectName);
  const busy = useSelector(actor, selectCustomerBusy);
  const created = useSelector(actor, selectCustomerCreated);
  const error = useSelector(actor, selectCustomerError);
  const problems = useSelector(actor, selectCustomerProblems);

  return (
    <SubmitForm
      onSubmit={() => {
        if (!busy) actor.send({ type: 'CUSTOMER.CREATE' });
      }}
    >
      <Stack gap="sm" data-testid="order-customer-create">
        <TextInput
          label={t('customer.name')}
          value={name}
          required
          maxLength={QUICK_NAME_MAX + 1}
          disabled={busy}
          error={problems.name ? t(`customer.errors.name.${problems.name}`) : undefined}
          onChange={(e) => actor.send({ type: 'NAME.TYPE', value: e.currentTarget.value })}
          data-autofocus
          data-testid="order-customer-name"
        />
        <TextInput
          label={t('customer.phone')}
          value={phone}
          required
          maxLength={QUICK_PHONE_MAX}
          inputMode="tel"
          disabled={busy}
          error={problems.phone ? t(`customer.errors.phone.${problems.phone}`) : undefined}
          onChange={(e) => actor.send({ type: 'PHONE.TYPE', value: e.currentTarget.value })}
          data-testid="order-customer-create-phone"
        />
        {error && !busy ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="red.9">
              {t(errorMessageKey(error))}
            </Text>
          </Alert>
        ) : null}
        {created ? (
          <Text size="sm" role="status" data-testid="order-customer-created">
            {t('customer.created')}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" disabled={busy} onClick={() => actor.send({ type: 'CUSTOMER.BACK' })}>
            {t('customer.back')}
          </Button>
          <Button type="submit" loading={busy} data-testid="order-customer-create-submit">
            {t('customer.create')}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}
