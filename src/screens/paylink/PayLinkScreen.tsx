import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  payLinkFormKit,
  selectForm,
  selectLink,
  selectLoadingWidget,
  selectLocked,
  selectSubmitError,
  selectSubmitting,
  selectUncertain,
  selectWidgetError,
  selectWidgetFailed,
  type payLinkMachine,
} from '../../machines/paylink/payLink.machine';
import { ORDER_ID_MAX_LENGTH } from '../../machines/paylink/rules/payLink';
import { errorMessageKey } from '../../services/errors';
import { FailureAlert } from '../shared/FailureAlert';
import { PaymentLinkResult, type CopyOutcome } from '../shared/PaymentLinkResult';
import { LinkAmountInput } from './LinkAmountInput';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';

export type PayLinkActor = ActorRefFrom<typeof payLinkMachine>;

/**
 * The Pay by Link card (doc 2 §2 /pay-by-link, §5): the form (order id, amount), then the result
 * (link, QR, copy) with "create another link". Without the widget id it says
 * create_payment_link_error with a retry (doc 2 §8).
 */
export function PayLinkForm({ actor, onCopy }: { actor: PayLinkActor; onCopy?: (outcome: CopyOutcome) => void }) {
  const { t } = useTranslation(['paylink', 'errors']);
  const form = useSelector(actor, selectForm);
  // Each field's problem once a submit was refused (D283); no ref is handed out, so a refused submit
  // leaves the focus where it was, as this form always did.
  const fields = useFormFields(actor, form, payLinkFormKit, {
    rule: (field, code) => (field === 'orderId' ? t(`form.errors.${code}`, { max: ORDER_ID_MAX_LENGTH }) : t(`form.errors.${code}`)),
    service: (code) => t(errorMessageKey(code)),
  });
  const { ref: _ref, ...orderId } = fields.text('orderId');
  const loading = useSelector(actor, selectLoadingWidget);
  const widgetFailed = useSelector(actor, selectWidgetFailed);
  const widgetError = useSelector(actor, selectWidgetError);
  const locked = useSelector(actor, selectLocked);
  const submitting = useSelector(actor, selectSubmitting);
  const uncertain = useSelector(actor, selectUncertain);
  const submitError = useSelector(actor, selectSubmitError);
  const link = useSelector(actor, selectLink);

  if (link) return <PayLinkResultCard actor={actor} link={link} onCopy={onCopy} />;

  return (
    <Card withBorder padding="md">
      <SubmitForm aria-labelledby="paylink-form-title" onSubmit={() => actor.send({ type: uncertain ? 'RETRY' : 'SUBMIT' })}>
        <Stack gap="md">
          <Title order={2} size="h3" id="paylink-form-title">
            {t('form.title')}
          </Title>
          {loading ? (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t('form.loadingWidget')}</Text>
            </Group>
          ) : null}
          {widgetFailed ? (
            <FailureAlert
              title={t('paylink:create_payment_link_error')}
              message={t(errorMessageKey(widgetError))}
              retryLabel={t('paylink:retry')}
              onRetry={() => actor.send({ type: 'RETRY' })}
              testId="paylink-widget-failed"
            />
          ) : null}
          <TextInput
            label={t('form.orderId')}
            description={t('form.orderIdHint')}
            withAsterisk
            autoComplete="off"
            {...orderId}
            maxLength={ORDER_ID_MAX_LENGTH * 2}
            disabled={locked}
            data-testid="paylink-order-id"
          />
          <LinkAmountInput
            value={form.values.amount}
            disabled={locked}
            error={fields.error('amount') ?? null}
            onChange={(value) => fields.change('amount', value)}
          />
          {uncertain ? (
            <Alert color="yellow" role="alert" title={t('form.uncertainTitle')} data-testid="paylink-uncertain">
              <Text size="sm">{t('form.uncertainBody')}</Text>
            </Alert>
          ) : submitError ? (
            <Alert color="red" role="alert" title={t('form.failTitle')} data-testid="paylink-submit-error">
              <Text size="sm" c="red.9">
                {t(errorMessageKey(submitError))}
              </Text>
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={submitting} disabled={loading || widgetFailed} data-testid="paylink-submit">
              {uncertain ? t('form.tryAgain') : t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Card>
  );
}

/** The link made (doc 2 §5): link, QR and copy, and "create another link". */
function PayLinkResultCard({
  actor,
  link,
  onCopy,
}: {
  actor: PayLinkActor;
  link: NonNullable<ReturnType<typeof selectLink>>;
  onCopy?: (outcome: CopyOutcome) => void;
}) {
  const { t } = useTranslation(['paylink', 'errors']);
  return (
    <Card withBorder padding="md" data-testid="paylink-result">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('result.title')}
        </Title>
        <PaymentLinkResult
          url={link.url}
          orderId={link.order_id}
          amount={link.amount}
          expiresAt={link.expires_at}
          testId="paylink-link"
          onCopy={onCopy}
        />
        <Group>
          <Button variant="default" onClick={() => actor.send({ type: 'NEW_LINK' })} data-testid="paylink-new">
            {t('result.another')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
