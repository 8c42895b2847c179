import { Alert, Anchor, Button, Group, Loader, Radio, Stack, Table, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  invoiceFormKit,
  selectInvoiceForm,
  selectLines,
  selectLocked,
  selectProblems,
  selectSubmitting,
  selectTotal,
  selectUncertain,
  type invoiceCreateMachine,
} from '../../machines/invoices/invoiceCreate.machine';
import { INVOICE_AMOUNT_MAX, INVOICE_NOTE_MAX_LENGTH } from '../../rules/invoices/invoice';
import { errorMessageKey } from '../../services/errors';
import { COUNTER_METHODS, type CounterMethod } from '../../services/invoices/schemas';
import { useFormFields } from '../shared/form/use-form-fields';
import { formatVnd } from '../shared/table/format';
import { SubmitForm } from '../shared/form/SubmitForm';

export type InvoiceCreateActor = ActorRefFrom<typeof invoiceCreateMachine>;

/**
 * /sale-invoice/create (D136): products picked from the service's search with an amount each, the
 * customer (optional: walk-in), the payment method and a note; the total follows the lines. Texts
 * from the catalogue are rendered as text.
 */
export function InvoiceCreateScreen({ actor, onBack }: { actor: InvoiceCreateActor; onBack: () => void }) {
  const { t } = useTranslation(['invoices', 'errors']);
  const submitting = useSelector(actor, selectSubmitting);
  const uncertain = useSelector(actor, selectUncertain);
  const locked = useSelector(actor, selectLocked);
  const submitError = useSelector(actor, (s) => s.context.submitError);
  // The method and note through the form toolkit (D283); the note's problem shows after Submit only.
  const fields = useFormFields(actor, useSelector(actor, selectInvoiceForm), invoiceFormKit, {
    rule: () => t('create.noteTooLong', { max: INVOICE_NOTE_MAX_LENGTH }),
    service: (code) => t(errorMessageKey(code)),
  });
  const note = fields.text('note');

  return (
    <Stack gap="md" p="md" maw={900}>
      <Anchor component="button" type="button" onClick={onBack} w="fit-content">
        {t('create.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('create.title')}
      </Title>
      <SubmitForm onSubmit={() => actor.send({ type: uncertain ? 'RETRY' : 'SUBMIT' })}>
        <Stack gap="lg">
          <ProductPicker actor={actor} locked={locked} />
          <InvoiceLines actor={actor} locked={locked} />
          <CustomerPicker actor={actor} locked={locked} />
          <Radio.Group
            label={t('create.method')}
            value={fields.values.method}
            onChange={(value) => fields.change('method', value as CounterMethod)}
          >
            <Group mt="xs">
              {COUNTER_METHODS.map((m) => (
                <Radio key={m} value={m} label={t(`method.${m}`)} disabled={locked} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label={t('create.note')}
            description={t('create.noteHint', { max: INVOICE_NOTE_MAX_LENGTH })}
            value={note.value}
            readOnly={locked}
            autosize
            minRows={2}
            error={note.error}
            onChange={note.onChange}
          />
          {uncertain ? (
            <Alert color="yellow" role="alert" title={t('create.uncertainTitle')} data-testid="invoice-uncertain">
              <Text size="sm">{t('create.uncertainBody')}</Text>
            </Alert>
          ) : submitError ? (
            <Alert color="red" role="alert" title={t('create.failTitle')} data-testid="invoice-create-error">
              <Text size="sm">{t(errorMessageKey(submitError))}</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onBack} disabled={submitting}>
              {t('create.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="invoice-submit">
              {uncertain ? t('create.retry') : t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}

/** The picked products with an amount each, a way to take each out, and the total that follows them. */
function InvoiceLines({ actor, locked }: { actor: InvoiceCreateActor; locked: boolean }) {
  const { t } = useTranslation(['invoices', 'errors']);
  const lines = useSelector(actor, selectLines);
  const total = useSelector(actor, selectTotal);
  const problems = useSelector(actor, selectProblems);
  return (
    <section aria-labelledby="invoice-lines-title">
      <Title order={2} size="h4" id="invoice-lines-title" mb="xs">
        {t('create.lines')}
      </Title>
      {lines.length === 0 ? (
        <Text c={problems.includes('noLines') ? 'red.9' : 'dimmed'} role={problems.includes('noLines') ? 'alert' : undefined}>
          {problems.includes('noLines') ? t('create.noLines') : t('create.noLinesYet')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('create.product')}</Table.Th>
                <Table.Th ta="right">{t('create.price')}</Table.Th>
                <Table.Th>{t('create.amount')}</Table.Th>
                <Table.Th ta="right">{t('create.lineTotal')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('create.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => {
                const amount = /^\d{1,3}$/.test(l.amount.trim()) ? Number(l.amount) : null;
                const bad = amount === null || amount < 1 || amount > INVOICE_AMOUNT_MAX;
                return (
                  <Table.Tr key={l.product.product_id}>
                    <Table.Td>{l.product.name}</Table.Td>
                    <Table.Td ta="right">{formatVnd(l.product.price)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={t('create.amountOf', { name: l.product.name })}
                        inputMode="numeric"
                        value={l.amount}
                        readOnly={locked}
                        w={90}
                        error={bad && problems.includes('amount') ? t('create.amountInvalid', { max: INVOICE_AMOUNT_MAX }) : undefined}
                        onChange={(e) => actor.send({ type: 'LINE.AMOUNT', productId: l.product.product_id, value: e.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td ta="right">{formatVnd(l.product.price * (bad ? 0 : amount!))}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        disabled={locked}
                        aria-label={t('create.removeLine', { name: l.product.name })}
                        onClick={() => actor.send({ type: 'LINE.REMOVE', productId: l.product.product_id })}
                      >
                        {t('create.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text fw={600} ta="right" mt="xs" data-testid="invoice-total">
        {t('create.total', { total: formatVnd(total) })}
      </Text>
    </section>
  );
}

function ProductPicker({ actor, locked }: { actor: InvoiceCreateActor; locked: boolean }) {
  const { t } = useTranslation(['invoices', 'errors']);
  const query = useSelector(actor, (s) => s.context.productQuery);
  const results = useSelector(actor, (s) => s.context.productResults);
  const error = useSelector(actor, (s) => s.context.productError);
  const loading = useSelector(actor, (s) => s.hasTag('productsLoading'));
  return (
    <section aria-labelledby="invoice-products-title">
      <Title order={2} size="h4" id="invoice-products-title" mb="xs">
        {t('create.products')}
      </Title>
      <TextInput
        type="search"
        label={t('create.productSearch')}
        value={query}
        maxLength={100}
        rightSection={loading ? <Loader size="xs" /> : null}
        onChange={(e) => actor.send({ type: 'PRODUCT.SEARCH', value: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        data-testid="invoice-product-search"
      />
      {error ? (
        <Text c="red.9" size="sm" role="alert" mt="xs">
          {t(errorMessageKey(error))}
        </Text>
      ) : null}
      <Stack gap={4} mt="xs" mah={260} style={{ overflowY: 'auto' }} data-testid="invoice-product-results">
        {!loading && results.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('create.noProducts')}
          </Text>
        ) : null}
        {results.map((p) => (
          <Group key={p.product_id} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {p.name}{' '}
              <Text span c="dimmed">
                ({p.code})
              </Text>
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm">{formatVnd(p.price)}</Text>
              <Button
                size="xs"
                variant="default"
                disabled={locked}
                aria-label={t('create.addProduct', { name: p.name })}
                onClick={() => actor.send({ type: 'PRODUCT.ADD', product: p })}
              >
                {t('create.add')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
    </section>
  );
}

function CustomerPicker({ actor, locked }: { actor: InvoiceCreateActor; locked: boolean }) {
  const { t } = useTranslation(['invoices', 'errors']);
  const customer = useSelector(actor, (s) => s.context.customer);
  const query = useSelector(actor, (s) => s.context.customerQuery);
  const results = useSelector(actor, (s) => s.context.customerResults);
  const error = useSelector(actor, (s) => s.context.customerError);
  const loading = useSelector(actor, (s) => s.hasTag('customersLoading'));
  return (
    <section aria-labelledby="invoice-customer-title">
      <Title order={2} size="h4" id="invoice-customer-title" mb="xs">
        {t('create.customer')}
      </Title>
      {customer ? (
        <Group gap="sm">
          <Text data-testid="invoice-customer">
            {customer.name} · {customer.phone_number}
          </Text>
          <Button size="xs" variant="subtle" disabled={locked} onClick={() => actor.send({ type: 'CUSTOMER.CLEAR' })}>
            {t('create.walkIn')}
          </Button>
        </Group>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t('create.walkInNow')}
          </Text>
          <TextInput
            type="search"
            label={t('create.customerSearch')}
            value={query}
            maxLength={100}
            readOnly={locked}
            rightSection={loading ? <Loader size="xs" /> : null}
            onChange={(e) => actor.send({ type: 'CUSTOMER.SEARCH', value: e.currentTarget.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
          />
          {error ? (
            <Text c="red.9" size="sm" role="alert" mt="xs">
              {t(errorMessageKey(error))}
            </Text>
          ) : null}
          <Stack gap={4} mt="xs">
            {results.map((c) => (
              <Group key={c.customer_id} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {c.name} · {c.phone_number}
                </Text>
                <Button size="xs" variant="default" disabled={locked} onClick={() => actor.send({ type: 'CUSTOMER.PICK', customer: c })}>
                  {t('create.pick')}
                </Button>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </section>
  );
}
