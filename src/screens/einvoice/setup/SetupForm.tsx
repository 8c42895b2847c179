import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  List,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { setupFormKit } from '../../../machines/einvoice/einvoiceSetup.machine';
import { fieldsFor, type CredentialField } from '../../../machines/einvoice/setup/rules';
import { serialText } from '../../../rules/einvoiceCode';
import { errorMessageKey } from '../../../services/errors';
import type { LoginMethod, ProviderInfo } from '../../../services/einvoice/core/types';
import { LoadingLine } from '../../shared/LoadingLine';
import { useFormFields } from '../../shared/form/use-form-fields';
import type { EinvoiceSetupActor, SetupContext } from './setupTypes';
import '../styles';

/** Server codes that belong to one field: said under it, not only in the alert. */
export const FIELD_OF_CODE: Partial<Record<string, CredentialField>> = { EINV_TAX_CODE_INVALID: 'taxCode', EINV_LOGIN_FAIL: 'password' };

/** What every section of the form reads: the machine, its context and the two locks. */
interface SetupSectionProps {
  actor: EinvoiceSetupActor;
  c: SetupContext;
  readOnly: boolean;
  busy: boolean;
}

/** The form under the title once the settings are loaded and the terms agreed (doc 2 §2). */
export function SetupForm({
  providers,
  provider,
  ...section
}: SetupSectionProps & { providers: readonly ProviderInfo[]; provider: ProviderInfo | null }) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  const { actor, c, readOnly, busy } = section;
  return (
    <Stack gap="lg">
      <Text size="sm">{readOnly ? t('setup.readOnly') : t('setup.intro')}</Text>

      <ProviderPicker {...section} providers={providers} />

      {provider && <ProviderLogin {...section} provider={provider} />}

      <SetupOptions {...section} />

      {c.errorCode && !readOnly && !FIELD_OF_CODE[c.errorCode] && (
        <Alert color="red" variant="light" role="alert" data-testid="einv-setup-error">
          {t(errorMessageKey(c.errorCode))}
        </Alert>
      )}

      <Group>
        {readOnly ? (
          <Button color="red" variant="light" onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
            {t('setup.cancel')}
          </Button>
        ) : (
          <Button onClick={() => actor.send({ type: 'SAVE' })} loading={busy} disabled={providers.length === 0 || provider === null}>
            {t('setup.save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The four providers as cards with their logo and features. */
function ProviderPicker({ actor, c, readOnly, busy, providers }: SetupSectionProps & { providers: readonly ProviderInfo[] }) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  const locked = readOnly || busy;
  return (
    <Radio.Group
      label={t('setup.providers')}
      value={c.provider}
      onChange={(route) => actor.send({ type: 'PROVIDER.SELECT', route: route as ProviderInfo['route'] })}
    >
      {providers.length === 0 ? (
        <Text size="sm">{t('setup.noProviders')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          {providers.map((p) => (
            <Card key={p.route} withBorder padding="sm" data-testid={`einv-provider-${p.route}`} data-selected={c.provider === p.route}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Radio value={p.route} disabled={locked && c.provider !== p.route} label={p.name} aria-label={p.name} />
                <Image src={p.logo} alt={t('provider.logoAlt', { name: p.name })} w={88} h={28} fit="contain" ml="auto" />
              </Group>
              <List size="xs" mt="xs" spacing={2}>
                {p.features.map((f) => (
                  <List.Item key={f}>{t(`provider.feature.${f}`)}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Radio.Group>
  );
}

/** The chosen provider's sign-in: method, credentials, the SSO link and, once active, its summary. */
function ProviderLogin({ provider, ...section }: SetupSectionProps & { provider: ProviderInfo }) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  const { actor, c, readOnly, busy } = section;
  const providerName = provider.name;
  const locked = readOnly || busy;
  return (
    <Stack gap="sm">
      {provider.isSSO && (
        <Radio.Group
          label={t('setup.method.label')}
          value={c.method}
          onChange={(method) => actor.send({ type: 'METHOD.SELECT', method: method as LoginMethod })}
        >
          <Stack gap={6} mt="xs">
            {(['einv_provider_account', 'merchant_account'] as const).map((m) => (
              <Radio key={m} value={m} label={t(`setup.method.${m}`, { provider: providerName })} disabled={locked && c.method !== m} />
            ))}
          </Stack>
        </Radio.Group>
      )}

      <CredentialFields {...section} />
      <Anchor href={provider.researchUrl} target="_blank" rel="noopener noreferrer" size="sm">
        {t('setup.research', { provider: providerName })}
      </Anchor>

      {c.method === 'merchant_account' && !readOnly && <SsoLinkStatus actor={actor} c={c} busy={busy} />}

      {readOnly && c.settings && <ActiveSummary actor={actor} c={c} />}
    </Stack>
  );
}

/**
 * A field's value and change only: the machine shows a problem once the field changed, not on leaving
 * it (doc 2 §5), and a refused save leaves the focus where it was, as this form always did.
 */
const changeOnly = <P extends { ref: unknown; onBlur: unknown }>({ ref: _ref, onBlur: _onBlur, ...props }: P) => props;

/** The method's fields through the form toolkit (D283); a problem shows once changed or after a save, a server code under its field. */
function CredentialFields({ actor, c, readOnly, busy }: SetupSectionProps) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  const fields = useFormFields(actor, c.form, setupFormKit(c.method), {
    rule: (field, code) => t(`setup.problem.${field}.${code}`),
    service: (code) => t(errorMessageKey(code)),
  });
  const fieldError = (field: CredentialField) => {
    if (readOnly) return undefined;
    if (c.errorCode && FIELD_OF_CODE[c.errorCode] === field) return t(errorMessageKey(c.errorCode));
    return fields.error(field);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {fieldsFor(c.method).map((field) =>
        field === 'password' ? (
          readOnly ? null : (
            <PasswordInput
              key={field}
              label={t('setup.field.password')}
              {...changeOnly(fields.text(field))}
              error={fieldError(field)}
              withAsterisk
              autoComplete="current-password"
              disabled={busy}
              visibilityToggleButtonProps={{ 'aria-label': t('setup.passwordToggle') }}
            />
          )
        ) : (
          <TextInput
            key={field}
            label={t(`setup.field.${field}`)}
            {...changeOnly(fields.text(field))}
            error={fieldError(field)}
            withAsterisk={!readOnly}
            readOnly={readOnly}
            disabled={busy}
            autoComplete={field === 'username' ? 'username' : 'off'}
            inputMode={field === 'taxCode' ? 'numeric' : undefined}
          />
        ),
      )}
    </SimpleGrid>
  );
}

/** Whether the merchant account is linked to the provider, with (re)link. */
function SsoLinkStatus({ actor, c, busy }: { actor: EinvoiceSetupActor; c: SetupContext; busy: boolean }) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  const checkingLink = useSelector(actor, (s) => s.matches({ form: 'checkingLink' }));
  return (
    <Group gap="sm" aria-live="polite">
      {checkingLink ? (
        <LoadingLine label={t('setup.sso.checking')} />
      ) : (
        <>
          <Badge color={c.ssoLinked ? 'green' : 'gray'} variant="light" c="dark.8">
            {c.ssoLinked ? t('setup.sso.linked') : t('setup.sso.notLinked')}
          </Badge>
          <Button variant="light" onClick={() => actor.send({ type: 'SSO.LINK' })} disabled={busy}>
            {c.ssoLinked ? t('setup.sso.relink') : t('setup.sso.link')}
          </Button>
        </>
      )}
    </Group>
  );
}

/** The active set-up: its serial, VAT per item and the declaration's state. */
function ActiveSummary({ actor, c }: { actor: EinvoiceSetupActor; c: SetupContext }) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  const declarationLoading = useSelector(actor, (s) => s.matches({ active: 'declaration' }));
  return (
    <Stack gap={4} data-testid="einv-active-summary">
      <Text size="sm">
        {t('setup.active.serial')}: {c.settings?.serial ? serialText(c.settings.serial) : t('setup.active.none')}
      </Text>
      <Text size="sm">
        {/* Per item, not one rate saved here (D235). */}
        {t('setup.active.vat')}: {t('setup.active.vatPerItem')}
      </Text>
      <Group gap="xs">
        <Text size="sm">{t('setup.declaration.label')}:</Text>
        {declarationLoading || c.declaration === null ? (
          <Text size="sm">{t('setup.declaration.loading')}</Text>
        ) : (
          <Badge
            color={c.declaration === 'approved' ? 'green' : c.declaration === 'pending' ? 'yellow' : 'gray'}
            variant="light"
            // Mantine's light badge text (green 8 on green 1: 3.8:1) fails AA at this size.
            c="dark.8"
            data-testid="einv-declaration"
          >
            {t(`setup.declaration.${c.declaration}`)}
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** Auto-export and print, locked while read-only or busy. */
function SetupOptions({ actor, c, readOnly, busy }: SetupSectionProps) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  const locked = readOnly || busy;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('setup.options')}
      </Text>
      <Switch
        label={t('setup.autoExport')}
        checked={c.form.values.autoExport}
        onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'autoExport', value: e.currentTarget.checked })}
        disabled={locked}
      />
      <Switch
        label={t('setup.printInvoice')}
        checked={c.form.values.printInvoice}
        onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'printInvoice', value: e.currentTarget.checked })}
        disabled={locked}
      />
    </Stack>
  );
}
