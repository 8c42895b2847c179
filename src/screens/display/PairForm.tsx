import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { displayPairFormKit, selectPairBusy, type displayPairMachine } from '../../machines/display/displayPair.machine';
import { errorMessageKey } from '../../services/errors';
import { LanguageSelect } from '../shared/LanguageSelect';
import classes from './display.module.css';
import { SubmitForm } from '../shared/form/SubmitForm';
import { useFormFields } from '../shared/form/use-form-fields';

export type DisplayPairActor = ActorRefFrom<typeof displayPairMachine>;

/** The codes this form explains in its own words; every other failure goes through the error catalogue. */
function errorText(code: string, t: (key: string) => string): string {
  if (code === 'PAIR_CODE_INVALID') return t('display:pair.invalid');
  if (code === 'TOO_MANY_REQUESTS') return t('display:pair.tooMany');
  return t(errorMessageKey(code));
}

/** /ecr-slide?pair on the display device: the 6-digit code from the cashier's screen (beyond the spec, D141). */
export function PairForm({ actor }: { actor: DisplayPairActor }) {
  const { t } = useTranslation(['display', 'errors']);
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, selectPairBusy);
  const fields = useFormFields(actor, form, displayPairFormKit, {
    rule: () => t('pair.incomplete'),
    service: (code) => errorText(code, t),
  });
  // No ref: the field has the focus from the start and a refused submit does not move it.
  const { ref: _ref, error: incomplete, ...code } = fields.text('code');
  const message = incomplete ?? (form.saveError ? errorText(form.saveError, t) : null);

  return (
    <div className={classes.page} data-testid="display-pair">
      <Stack flex={1} align="center" justify="center">
        <Paper className={classes.card} maw={480} w="100%">
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
                data-testid="display-pair-code"
                autoFocus
              />
              <Button type="submit" size="lg" loading={busy} data-testid="display-pair-submit">
                {t('pair.submit')}
              </Button>
            </Stack>
          </SubmitForm>
        </Paper>
      </Stack>
      <div className={classes.corner}>
        <LanguageSelect />
      </div>
    </div>
  );
}
