import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRef, Snapshot } from 'xstate';
import { pairCodeFormKit, selectPairBusy, type PairCodeContext, type PairCodeEvent } from '../../../machines/shared/pair/pairCode';
import { errorMessageKey } from '../../../services/errors';
import { SubmitForm } from '../form/SubmitForm';
import { useFormFields } from '../form/use-form-fields';

/** Any device's pairing machine (createPairCodeMachine): what the form reads and sends. */
export type PairCodeActor = ActorRef<Snapshot<unknown> & { context: PairCodeContext; hasTag(tag: string): boolean }, PairCodeEvent>;

/**
 * The 6-digit code a paired device asks for (the customer display D141, the kitchen D325): the same
 * field, messages and submit for each; `ns` names the i18n namespace with the device's own words
 * (pair.title, intro, code, codeHint, submit, incomplete, invalid, tooMany) and `testId` prefixes the
 * field's and button's test ids. The page around it is the device's.
 */
export function PairCodeForm({ actor, ns, testId }: { actor: PairCodeActor; ns: 'display' | 'kitchen'; testId: string }) {
  const { t } = useTranslation([ns, 'errors']);
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, selectPairBusy);
  // The codes this form explains in its own words; every other failure goes through the error catalogue.
  const errorText = (code: string) => {
    if (code === 'PAIR_CODE_INVALID') return t(`${ns}:pair.invalid`);
    if (code === 'TOO_MANY_REQUESTS') return t(`${ns}:pair.tooMany`);
    return t(errorMessageKey(code));
  };
  const fields = useFormFields(actor, form, pairCodeFormKit, {
    rule: () => t(`${ns}:pair.incomplete`),
    service: errorText,
  });
  // No ref: the field has the focus from the start and a refused submit does not move it.
  const { ref: _ref, error: incomplete, ...code } = fields.text('code');
  const message = incomplete ?? (form.saveError ? errorText(form.saveError) : null);

  return (
    <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
      <Stack>
        <Title order={1} size="h2">
          {t(`${ns}:pair.title`)}
        </Title>
        <Text>{t(`${ns}:pair.intro`)}</Text>
        <TextInput
          label={t(`${ns}:pair.code`)}
          description={t(`${ns}:pair.codeHint`)}
          {...code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          size="lg"
          error={message}
          data-testid={`${testId}-code`}
          autoFocus
        />
        <Button type="submit" size="lg" loading={busy} data-testid={`${testId}-submit`}>
          {t(`${ns}:pair.submit`)}
        </Button>
      </Stack>
    </SubmitForm>
  );
}
