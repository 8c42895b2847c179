import { Button, Checkbox, Group, NumberInput, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContextFrom } from 'xstate';
import {
  CORRECTION_KINDS,
  MAX_DRAFT_LINES,
  REASON_MAX,
  type CorrectionKind,
  type invoiceCorrectMachine,
} from '../../../machines/einvoice/invoiceCorrect.machine';
import { TAX_CLASSES, type TaxClass } from '../../../rules/vatRates';
import { DROPDOWN_MAX_HEIGHT } from '../../shared/dropdown';
import type { InvoiceCorrectActor } from './InvoiceCorrectDialog';
import '../styles';

export type CorrectContext = ContextFrom<typeof invoiceCorrectMachine>;

interface CorrectPartProps {
  actor: InvoiceCorrectActor;
  c: CorrectContext;
}

/** Whether the machine marked a problem on this field (its path, as `lines.0.name`). */
const hasProblem = (c: CorrectContext, problem: string) => c.problems.includes(problem);

/** The editing step (D243): the kind, the buyer or the lines it changes, the reason, then review. */
export function CorrectEditForm({ actor, c, cancel }: CorrectPartProps & { cancel: () => void }) {
  const { t } = useTranslation(['einvoice', 'errors']);
  return (
    <>
      <Radio.Group
        label={t('list.correct.kind')}
        description={t(`list.correct.kindHelp.${c.kind}`)}
        value={c.kind}
        onChange={(value) => actor.send({ type: 'KIND.SET', kind: value as CorrectionKind })}
      >
        <Group gap="md" mt={6}>
          {CORRECTION_KINDS.map((kind) => (
            <Radio key={kind} value={kind} label={t(`list.correct.kinds.${kind}`)} data-testid={`correct-kind-${kind}`} />
          ))}
        </Group>
      </Radio.Group>
      {c.kind !== 'adjustAmount' ? <CorrectBuyerFields actor={actor} c={c} /> : null}
      {c.kind !== 'adjustInfo' ? <CorrectLinesFieldset actor={actor} c={c} /> : null}
      <Textarea
        label={t('list.correct.reason')}
        description={t('list.correct.reasonHint')}
        required
        value={c.form.values.reason}
        maxLength={REASON_MAX}
        rows={2}
        onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'reason', value: e.currentTarget.value })}
        error={hasProblem(c, 'reason') ? t('list.correct.problems.reason') : undefined}
        data-testid="correct-reason"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={cancel} data-testid="correct-cancel">
          {t('list.correct.cancel')}
        </Button>
        <Button onClick={() => actor.send({ type: 'REVIEW' })} data-testid="correct-review">
          {t('list.correct.review')}
        </Button>
      </Group>
    </>
  );
}

/** The buyer's name, tax code and address (replace and adjust-info). */
function CorrectBuyerFields({ actor, c }: CorrectPartProps) {
  const { t } = useTranslation(['einvoice', 'errors']);
  return (
    <Group grow align="flex-start" wrap="wrap">
      <TextInput
        label={t('list.correct.buyerName')}
        value={c.form.values.buyerName}
        onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'buyerName', value: e.currentTarget.value })}
        error={hasProblem(c, 'buyerName') ? t('list.correct.problems.buyerName') : undefined}
        style={{ minWidth: 200 }}
        data-testid="correct-buyer-name"
      />
      <TextInput
        label={t('list.correct.buyerTaxCode')}
        description={t('list.correct.buyerTaxCodeHelp')}
        inputMode="numeric"
        value={c.form.values.buyerTaxCode}
        onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'buyerTaxCode', value: e.currentTarget.value })}
        error={hasProblem(c, 'buyerTaxCode') ? t('list.correct.problems.buyerTaxCode') : undefined}
        style={{ minWidth: 200 }}
        data-testid="correct-buyer-tax-code"
      />
      <TextInput
        label={t('list.correct.buyerAddress')}
        value={c.form.values.buyerAddress}
        onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'buyerAddress', value: e.currentTarget.value })}
        error={hasProblem(c, 'buyerAddress') ? t('list.correct.problems.buyerAddress') : undefined}
        style={{ minWidth: 200 }}
        data-testid="correct-buyer-address"
      />
    </Group>
  );
}

/** The lines (replace and adjust-amount), with add and remove up to MAX_DRAFT_LINES. */
function CorrectLinesFieldset({ actor, c }: CorrectPartProps) {
  const { t } = useTranslation(['einvoice', 'errors']);
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        {t('list.correct.lines')}
      </Text>
      {c.lines.map((line, i) => (
        <CorrectLine key={i} actor={actor} c={c} line={line} index={i} />
      ))}
      {hasProblem(c, 'lines') ? (
        <Text size="sm" c="red.8" role="alert">
          {t('list.correct.problems.lines')}
        </Text>
      ) : null}
      {c.lines.length < MAX_DRAFT_LINES ? (
        <Group>
          <Button variant="default" size="xs" onClick={() => actor.send({ type: 'LINE.ADD' })} data-testid="correct-add-line">
            {t('list.correct.addLine')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** One line: name, quantity, unit price, tax class; a decrease mark when adjusting amounts. */
function CorrectLine({ actor, c, line, index: i }: CorrectPartProps & { line: CorrectContext['lines'][number]; index: number }) {
  const { t } = useTranslation(['einvoice', 'errors']);
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" data-testid="correct-line">
      <TextInput
        label={t('list.correct.lineName')}
        value={line.name}
        onChange={(e) => actor.send({ type: 'LINE.SET', index: i, patch: { name: e.currentTarget.value } })}
        error={hasProblem(c, `lines.${i}.name`) ? t('list.correct.problems.name') : undefined}
        style={{ flex: '2 1 180px' }}
        data-testid="correct-line-name"
      />
      <NumberInput
        label={t('list.correct.quantity')}
        value={line.quantity}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        onChange={(value) => actor.send({ type: 'LINE.SET', index: i, patch: { quantity: Number(value) || 0 } })}
        error={hasProblem(c, `lines.${i}.quantity`) ? t('list.correct.problems.quantity') : undefined}
        style={{ flex: '1 1 90px' }}
        data-testid="correct-line-quantity"
      />
      <NumberInput
        label={t('list.correct.unitPrice')}
        value={line.unitPrice || ''}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator="."
        decimalSeparator=","
        onChange={(value) => actor.send({ type: 'LINE.SET', index: i, patch: { unitPrice: Number(value) || 0 } })}
        error={hasProblem(c, `lines.${i}.unitPrice`) ? t('list.correct.problems.unitPrice') : undefined}
        style={{ flex: '1 1 140px' }}
        data-testid="correct-line-price"
      />
      <Select
        label={t('list.correct.taxClass')}
        data={TAX_CLASSES.map((cls) => ({ value: cls, label: t(`list.correct.taxClasses.${cls}`) }))}
        value={line.taxClass}
        allowDeselect={false}
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        onChange={(value) => {
          if (value) actor.send({ type: 'LINE.SET', index: i, patch: { taxClass: value as TaxClass } });
        }}
        style={{ flex: '1 1 180px' }}
        data-testid="correct-line-class"
      />
      {c.kind === 'adjustAmount' ? (
        <Checkbox
          label={t('list.correct.decrease')}
          checked={line.decrease}
          onChange={(e) => actor.send({ type: 'LINE.SET', index: i, patch: { decrease: e.currentTarget.checked } })}
          mt={30}
          data-testid="correct-line-decrease"
        />
      ) : null}
      {c.lines.length > 1 ? (
        <Button variant="subtle" color="red" mt={24} onClick={() => actor.send({ type: 'LINE.REMOVE', index: i })}>
          {t('list.correct.removeLine', { n: i + 1 })}
        </Button>
      ) : null}
    </Group>
  );
}
