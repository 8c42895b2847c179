import { Alert, Anchor, Button, Grid, Group, Loader, Paper, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import './styles';
import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  invoiceFormKit,
  selectInvoiceForm,
  selectLines,
  selectLocked,
  selectCategories,
  selectCategoryId,
  selectDishes,
  selectProblems,
  selectSubmitting,
  selectTotal,
  selectUncertain,
  type invoiceCreateMachine,
} from '../../machines/invoices/invoiceCreate.machine';
import { INVOICE_AMOUNT_MAX, INVOICE_NOTE_MAX_LENGTH, INVOICE_SEARCH_MAX_LENGTH, parseAmount } from '../../rules/invoices/invoice';
import { errorMessageKey } from '../../services/errors';
import { COUNTER_METHODS, type CounterMethod, type CounterProduct } from '../../services/invoices/schemas';
import { useFormFields } from '../shared/form/use-form-fields';
import { formatVnd } from '../shared/table/format';
import { SubmitForm } from '../shared/form/SubmitForm';
import { TillLines, TillPicker } from '../orders';

export type InvoiceCreateActor = ActorRefFrom<typeof invoiceCreateMachine>;

/**
 * /sale-invoice/create (D136): products picked from the service's search with an amount each, the
 * customer (optional: walk-in), the payment method and a note; the total follows the lines. Texts
 * from the catalogue are rendered as text. The dishes and the lines are the till's, the same as the
 * order page's (D354): tiles with photos beside the sale from 768 px, above it on a phone.
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
    <Stack gap="md" p="md">
      <Anchor component="button" type="button" onClick={onBack} w="fit-content">
        {t('create.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('create.title')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7, lg: 8 }}>
          <Paper withBorder p="sm" radius="md">
            <ProductPicker actor={actor} locked={locked} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>
          <SubmitForm onSubmit={() => actor.send({ type: uncertain ? 'RETRY' : 'SUBMIT' })}>
            <Stack gap="lg">
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
        </Grid.Col>
      </Grid>
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
        <TillLines
          lines={lines.map((l) => ({ ...l.product, amount: parseAmount(l.amount) ?? (l.amount.trim() === '' ? '' : 0) }))}
          editable={!locked}
          amountMax={INVOICE_AMOUNT_MAX}
          onStep={(productId, by) => actor.send({ type: 'LINE.STEP', productId, by })}
          onAmount={(productId, amount) => actor.send({ type: 'LINE.AMOUNT', productId, value: String(amount) })}
          onRemove={(productId) => actor.send({ type: 'LINE.REMOVE', productId })}
          amountError={(line) =>
            problems.includes('amount') && parseAmount(String(line.amount)) === null
              ? t('create.amountInvalid', { max: INVOICE_AMOUNT_MAX })
              : undefined
          }
          testId="invoice-lines"
        />
      )}
      <Text fw={600} ta="right" mt="xs" data-testid="invoice-total">
        {t('create.total', { total: formatVnd(total) })}
      </Text>
    </section>
  );
}

/** The till's dish picker (D354) on the counter sale's machine: a tap adds one, as on the order page. */
function ProductPicker({ actor, locked }: { actor: InvoiceCreateActor; locked: boolean }) {
  const { t } = useTranslation(['invoices', 'errors']);
  const query = useSelector(actor, (s) => s.context.productQuery);
  const error = useSelector(actor, (s) => s.context.productError);
  const loading = useSelector(actor, (s) => s.hasTag('productsLoading'));
  const dishes = useSelector(actor, selectDishes);
  const categories = useSelector(actor, selectCategories);
  const categoryId = useSelector(actor, selectCategoryId);
  const lines = useSelector(actor, selectLines);
  // The same callbacks from one render to the next: adding a product draws again only its tile (D376).
  const onType = useCallback((value: string) => actor.send({ type: 'PRODUCT.SEARCH', value }), [actor]);
  const onCategory = useCallback((id: number | null) => actor.send({ type: 'CATEGORY.SELECT', categoryId: id }), [actor]);
  const onAdd = useCallback((product: CounterProduct) => actor.send({ type: 'PRODUCT.ADD', product }), [actor]);
  return (
    <TillPicker
      searchId="invoice-dish-search"
      typed={query}
      searchMax={INVOICE_SEARCH_MAX_LENGTH}
      onType={onType}
      categories={categories}
      categoryId={categoryId}
      onCategory={onCategory}
      dishes={dishes}
      loading={loading}
      failure={
        error ? (
          <Text c="red.9" size="sm" role="alert">
            {t(errorMessageKey(error))}
          </Text>
        ) : null
      }
      countOf={(productId) => parseAmount(lines.find((l) => l.product.product_id === productId)?.amount ?? '') ?? 0}
      disabled={locked}
      onAdd={onAdd}
    />
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
