import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { kitchenPairMachine } from '../../machines/kitchen/kitchenPair.machine';
import { pairCodeFormKit, selectPairBusy } from '../../machines/shared/pair/pairCode';
import { errorMessageKey } from '../../services/errors';
import { LanguageSelect } from '../shared/LanguageSelect';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';

export type KitchenPairActor = ActorRefFrom<typeof kitchenPairMachine>;

function errorText(code: string, t: (key: string) => string): string {
  if (code === 'PAIR_CODE_INVALID') return t('kitchen:pair.invalid');
  if (code === 'TOO_MANY_REQUESTS') return t('kitchen:pair.tooMany');
  return t(errorMessageKey(code));
}

/** /kitchen on a device not yet paired: the 6-digit code from the cashier's screen (D325). */
export function KitchenPairForm({ actor }: { actor: KitchenPairActor }) {
  const { t } = useTranslation(['kitchen', 'errors']);
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, selectPairBusy);
  const fields = useFormFields(actor, form, pairCodeFormKit, {
    rule: () => t('pair.incomplete'),
    service: (code) => errorText(code, t),
  });
  const { ref: _ref, error: incomplete, ...code } = fields.text('code');
  const message = incomplete ?? (form.saveError ? errorText(form.saveError, t) : null);

  return (
    <Stack component="main" mih="100vh" p="md" align="center" justify="center" data-testid="kitchen-pair">
      <Paper withBorder p="lg" maw={480} w="100%">
        <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
          <Stack>
            <Title order={1} size="h2">
              {t('pair.title')}
            </Title>
            <Text>{t('pair.intro')}</Text>
            <TextInput
              label={t('pair.code')}
              description={t('pair.codeHint')}
              {...code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              size="lg"
              error={message}
              data-testid="kitchen-pair-code"
              autoFocus
            />
            <Button type="submit" size="lg" loading={busy} data-testid="kitchen-pair-submit">
              {t('pair.submit')}
            </Button>
          </Stack>
        </SubmitForm>
      </Paper>
      <LanguageSelect />
    </Stack>
  );
}
