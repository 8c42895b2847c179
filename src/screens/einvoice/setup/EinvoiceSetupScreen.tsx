import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  List,
  Modal,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { einvoiceSetupMachine } from '../../../machines/einvoice/einvoiceSetup.machine';
import type { serialVatMachine } from '../../../machines/einvoice/serialVat.machine';
import type { ssoLinkMachine } from '../../../machines/einvoice/ssoLink.machine';
import { credentialProblem, fieldsFor, type CredentialField } from '../../../machines/einvoice/setup/rules';
import { serialText } from '../../../rules/einvoiceCode';
import { errorMessageKey } from '../../../services/errors';
import type { LoginMethod, ProviderInfo } from '../../../services/einvoice/core/types';
import { FailureAlert } from '../../shared/FailureAlert';
import { LoadingLine } from '../../shared/LoadingLine';
import { SsoLinkDialogs } from '../sso/SsoLinkDialogs';
import { SerialVatModal } from './SerialVatModal';
import '../styles';

export type EinvoiceSetupActor = ActorRefFrom<typeof einvoiceSetupMachine>;

export interface TermsView {
  /** The PDF as a URL the frame may show (a blob: URL), or null while it loads or when it failed. */
  pdfUrl: string | null;
  failed: boolean;
  /** The PDF's own address, for "open in a new tab". */
  href: string;
}

/** Server codes that belong to one field: said under it, not only in the alert. */
const FIELD_OF_CODE: Partial<Record<string, CredentialField>> = { EINV_TAX_CODE_INVALID: 'taxCode', EINV_LOGIN_FAIL: 'password' };

/**
 * /e-inv-setting (doc 2 §2): renders the einvoiceSetup machine and its children (ssoLink's dialogs,
 * the serial and VAT modal); every value lives in the machine, so a refusal loses nothing typed.
 */
export function EinvoiceSetupScreen({
  actor,
  providers,
  terms,
}: {
  actor: EinvoiceSetupActor;
  providers: readonly ProviderInfo[];
  terms: TermsView;
}) {
  const { t } = useTranslation(['einvoice', 'errors', 'common']);
  const c = useSelector(actor, (s) => s.context);
  const termsOpen = useSelector(actor, (s) => s.hasTag('termsOpen'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const readOnly = useSelector(actor, (s) => s.hasTag('readOnly'));
  const successOpen = useSelector(actor, (s) => s.hasTag('successOpen'));
  const confirmOpen = useSelector(actor, (s) => s.hasTag('confirmOpen'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const checkingLink = useSelector(actor, (s) => s.matches({ form: 'checkingLink' }));
  const declarationLoading = useSelector(actor, (s) => s.matches({ active: 'declaration' }));
  const ssoChild = useSelector(actor, (s) => s.children.ssoLink as ActorRefFrom<typeof ssoLinkMachine> | undefined);
  const serialChild = useSelector(actor, (s) => s.children.serialVat as ActorRefFrom<typeof serialVatMachine> | undefined);

  const provider = providers.find((p) => p.route === c.provider) ?? null;
  const providerName = provider?.name ?? '';
  const locked = readOnly || busy;
  const fieldError = (field: CredentialField) => {
    if (readOnly) return undefined;
    if (c.errorCode && FIELD_OF_CODE[c.errorCode] === field) return t(errorMessageKey(c.errorCode));
    const problem = c.showErrors || c.touched[field] ? credentialProblem(field, c.values[field]) : null;
    return problem ? t(`setup.problem.${field}.${problem}`) : undefined;
  };

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {t('setup.title')}
      </Title>

      {termsOpen && (
        <Modal
          opened
          onClose={() => actor.send({ type: 'TERMS.CLOSE' })}
          title={t('setup.terms.title')}
          size="xl"
          centered
          closeButtonProps={{ 'aria-label': t('common:button.close') }}
        >
          <Stack gap="sm">
            {terms.pdfUrl ? (
              <iframe
                src={terms.pdfUrl}
                title={t('setup.terms.frame')}
                style={{ width: '100%', height: '60vh', border: 0 }}
                data-testid="einv-terms-frame"
              />
            ) : terms.failed ? (
              <Text size="sm">{t('setup.terms.failed')}</Text>
            ) : (
              <LoadingLine label={t('setup.terms.loading')} />
            )}
            <Group justify="space-between" wrap="wrap">
              <Anchor href={terms.href} target="_blank" rel="noopener noreferrer" size="sm">
                {t('setup.terms.open')}
              </Anchor>
              <Button onClick={() => actor.send({ type: 'TERMS.AGREE' })}>{t('setup.terms.agree')}</Button>
            </Group>
          </Stack>
        </Modal>
      )}

      {loading && <LoadingLine label={t('setup.loading')} />}
      {loadFailed && (
        <FailureAlert
          title={t('setup.loadFailed')}
          message={t(errorMessageKey(c.errorCode))}
          retryLabel={t('setup.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      )}

      {!loading && !loadFailed && !termsOpen && (
        <Stack gap="lg">
          <Text size="sm">{readOnly ? t('setup.readOnly') : t('setup.intro')}</Text>

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
                  <Card
                    key={p.route}
                    withBorder
                    padding="sm"
                    data-testid={`einv-provider-${p.route}`}
                    data-selected={c.provider === p.route}
                  >
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

          {provider && (
            <Stack gap="sm">
              {provider.isSSO && (
                <Radio.Group
                  label={t('setup.method.label')}
                  value={c.method}
                  onChange={(method) => actor.send({ type: 'METHOD.SELECT', method: method as LoginMethod })}
                >
                  <Stack gap={6} mt="xs">
                    {(['einv_provider_account', 'merchant_account'] as const).map((m) => (
                      <Radio
                        key={m}
                        value={m}
                        label={t(`setup.method.${m}`, { provider: providerName })}
                        disabled={locked && c.method !== m}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )}

              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {fieldsFor(c.method).map((field) =>
                  field === 'password' ? (
                    readOnly ? null : (
                      <PasswordInput
                        key={field}
                        label={t('setup.field.password')}
                        value={c.values.password}
                        onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field, value: e.currentTarget.value })}
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
                      value={c.values[field]}
                      onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field, value: e.currentTarget.value })}
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
              <Anchor href={provider.researchUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {t('setup.research', { provider: providerName })}
              </Anchor>

              {c.method === 'merchant_account' && !readOnly && (
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
              )}

              {readOnly && c.settings && (
                <Stack gap={4} data-testid="einv-active-summary">
                  <Text size="sm">
                    {t('setup.active.serial')}: {c.settings.serial ? serialText(c.settings.serial) : t('setup.active.none')}
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
              )}
            </Stack>
          )}

          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('setup.options')}
            </Text>
            <Switch
              label={t('setup.autoExport')}
              checked={c.autoExport}
              onChange={(e) => actor.send({ type: 'AUTO_EXPORT.TOGGLE', value: e.currentTarget.checked })}
              disabled={locked}
            />
            <Switch
              label={t('setup.printInvoice')}
              checked={c.printInvoice}
              onChange={(e) => actor.send({ type: 'PRINT_INVOICE.TOGGLE', value: e.currentTarget.checked })}
              disabled={locked}
            />
          </Stack>

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
      )}

      {successOpen && (
        <Modal
          opened
          onClose={() => actor.send({ type: 'SUCCESS.CLOSE' })}
          title={t('setup.success.title')}
          centered
          closeButtonProps={{ 'aria-label': t('common:button.close') }}
        >
          <Stack gap="md">
            <Text size="sm">
              {t(provider?.showSerial ? 'setup.success.body' : 'setup.success.bodyNoSerial', { provider: providerName })}
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => actor.send({ type: 'SUCCESS.CLOSE' })}>{t('setup.success.continue')}</Button>
            </Group>
          </Stack>
        </Modal>
      )}

      {confirmOpen && (
        <Modal
          opened
          onClose={() => actor.send({ type: 'CANCEL.BACK' })}
          title={t('setup.confirm.title')}
          centered
          closeButtonProps={{ 'aria-label': t('common:button.close') }}
        >
          <Stack gap="md">
            <Text size="sm">{t('setup.confirm.body')}</Text>
            {c.settings?.activeMethod === 'merchant_account' && (
              <Text size="sm" data-testid="einv-cancel-unlink">
                {t('setup.confirm.unlink', { provider: providerName })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => actor.send({ type: 'CANCEL.BACK' })}>
                {t('setup.confirm.back')}
              </Button>
              <Button color="red" onClick={() => actor.send({ type: 'CANCEL.CONFIRM' })}>
                {t('setup.confirm.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}

      {ssoChild && <SsoLinkDialogs actor={ssoChild} />}
      {serialChild && <SerialVatModal actor={serialChild} providerName={providerName} />}
    </Stack>
  );
}
