import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  Input,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectTemplateBusy,
  selectTemplateFilter,
  selectTemplateForm,
  selectTemplateInForm,
  selectTemplateInGallery,
  selectTemplateReady,
  selectTemplateSaving,
  selectSavedTemplateId,
  selectTemplateValues,
  templateFormKit,
  type templateSetupMachine,
} from '../../../machines/einvoice/templateSetup.machine';
import {
  filterGallery,
  GALLERY,
  TEMPLATE_FILTERS,
  TEMPLATE_NAME_MAX,
  TEMPLATE_TYPES,
  isTemplateType,
  type TemplateFilter,
} from '../../../machines/einvoice/template/rules';
import { errorMessageKey } from '../../../services/errors';
import { LoadingLine } from '../../shared/LoadingLine';
import { TemplatePreview } from './TemplatePreview';
import { submitWith } from '../../shared/form/SubmitForm';
import { useFormFields } from '../../shared/form/use-form-fields';
import '../styles';

export type TemplateSetupActor = ActorRefFrom<typeof templateSetupMachine>;
type TemplateFormValues = ReturnType<typeof selectTemplateForm>;

export interface TemplateScreenProps {
  actor: TemplateSetupActor;
  /** Where each provider registers templates (D201). */
  providerLinks: readonly { name: string; href: string }[];
}

/** The backend's refusals of the logo it decoded (D255), said in this area's words. */
const TEMPLATE_SAVE_ERRORS = ['IMAGE_INVALID_FORMAT', 'IMAGE_TOO_LARGE'];

const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** /e-inv-template (doc 2 §2): the gallery with its type filter, and the template setup form. */
export function TemplateScreen({ actor, providerLinks }: TemplateScreenProps) {
  const { t } = useTranslation('einvoice');
  const inGallery = useSelector(actor, selectTemplateInGallery);
  const inForm = useSelector(actor, selectTemplateInForm);
  const ready = useSelector(actor, selectTemplateReady);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('template.title')}
      </Title>
      {inGallery ? <Gallery actor={actor} /> : null}
      {inForm ? <TemplateForm actor={actor} /> : null}
      {ready ? <Summary actor={actor} providerLinks={providerLinks} /> : null}
    </Stack>
  );
}

function Gallery({ actor }: { actor: TemplateSetupActor }) {
  const { t } = useTranslation('einvoice');
  const filter = useSelector(actor, selectTemplateFilter);
  const loading = useSelector(actor, selectTemplateBusy);
  const loadFailed = useSelector(actor, (s) => s.context.loadFailed);
  const savedId = useSelector(actor, selectSavedTemplateId);
  const shown = filterGallery(filter);
  return (
    <>
      {loading ? <LoadingLine label={t('template.loading')} /> : null}
      {loadFailed ? (
        <Alert color="red" variant="light" data-testid="template-load-failed">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('template.loadFailed')}</Text>
            <Button size="xs" variant="default" onClick={() => actor.send({ type: 'RETRY' })}>
              {t('template.retry')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Chip.Group multiple={false} value={filter} onChange={(value) => actor.send({ type: 'FILTER.SET', filter: value as TemplateFilter })}>
        <Group gap="xs" role="group" aria-label={t('template.filterLabel')}>
          {TEMPLATE_FILTERS.map((value) => (
            <Chip key={value} value={value}>
              {t(`template.types.${value}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Text size="sm" c="dimmed" role="status">
        {t('template.count', { count: shown.length })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="template-gallery">
        {shown.map((template) => {
          const name = t(`template.names.${template.id}`);
          return (
            <Card key={template.id} withBorder padding="sm" radius="md" data-testid="template-card" data-type={template.type}>
              <Card.Section>
                <TemplatePreview template={template} title={name} />
              </Card.Section>
              <Stack gap={4} mt="sm">
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text fw={600}>{name}</Text>
                  {template.id === savedId ? (
                    <Badge color="green.9" variant="filled" data-testid="template-in-use">
                      {t('template.inUse')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`template.types.${template.type}`)}
                </Text>
                <Button
                  mt="xs"
                  variant="light"
                  aria-label={t('template.useNamed', { name })}
                  onClick={() => actor.send({ type: 'SELECT', templateId: template.id, templateType: template.type })}
                >
                  {t('template.use')}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </>
  );
}

/** A field's props without its ref: a refused Submit leaves the focus where it was, as this form always did. */
const withoutRef = <P extends { ref: unknown }>({ ref: _ref, ...props }: P) => props;

/** The name and type through the form toolkit (D283), the logo, the save's reason and the buttons. */
function TemplateForm({ actor }: { actor: TemplateSetupActor }) {
  const { t } = useTranslation('einvoice');
  const form = useSelector(actor, selectTemplateForm);
  const busy = useSelector(actor, selectTemplateBusy);
  const saving = useSelector(actor, selectTemplateSaving);
  const { t: tErrors } = useTranslation('errors');
  const fields = useFormFields(actor, form.form, templateFormKit, {
    rule: (field, code) => (field === 'type' ? t('template.typeRequired') : t(`template.nameProblems.${code}`, { max: TEMPLATE_NAME_MAX })),
    service: (code) => tErrors(errorMessageKey(code)),
  });
  const saveError = form.form.saveError;
  const template = GALLERY.find((candidate) => candidate.id === form.templateId);
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      maw={640}
      component="form"
      onSubmit={submitWith(() => actor.send({ type: 'SUBMIT' }))}
      noValidate
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('template.formTitle', { name: template ? t(`template.names.${template.id}`) : '' })}
        </Title>
        <TextInput label={t('template.name')} required maxLength={TEMPLATE_NAME_MAX + 20} {...withoutRef(fields.text('name'))} />
        <NativeSelect
          label={t('template.type')}
          required
          value={fields.values.type ?? ''}
          onChange={(e) => fields.change('type', isTemplateType(e.currentTarget.value) ? e.currentTarget.value : null)}
          onBlur={() => actor.send({ type: 'FIELD.BLUR', field: 'type' })}
          data={[
            { value: '', label: t('template.typePlaceholder') },
            ...TEMPLATE_TYPES.map((value) => ({ value, label: t(`template.types.${value}`) })),
          ]}
          error={fields.error('type')}
        />
        <TemplateLogoField actor={actor} form={form} busy={busy} />
        {saveError !== null ? (
          <Alert color="red" variant="light" title={t('template.saveFailedTitle')} data-testid="template-save-failed" role="alert">
            <Text size="sm">
              {TEMPLATE_SAVE_ERRORS.includes(saveError) ? t(`template.saveErrors.${saveError}`) : tErrors(errorMessageKey(saveError))}
            </Text>
            <Text size="sm">{t('template.saveFailed')}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" disabled={saving} onClick={() => actor.send({ type: 'BACK' })}>
            {t('template.back')}
          </Button>
          <Button type="submit" loading={busy} aria-label={saving ? t('template.saving') : undefined}>
            {t('template.submit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The logo (D255): PDF, PNG or JPEG up to 5 MB, the file chosen or saved, and clear. */
function TemplateLogoField({ actor, form, busy }: { actor: TemplateSetupActor; form: TemplateFormValues; busy: boolean }) {
  const { t } = useTranslation('einvoice');
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const logoError =
    form.logoProblem === null ? undefined : t(`template.logo.${form.logoProblem}`, { name: form.refusedName ?? '', max: '5 MB' });
  return (
    <>
      <Input.Wrapper label={t('template.logo.label')} description={t('template.logo.rules')} error={logoError} id={fileId}>
        <Group gap="sm" mt={4}>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            aria-invalid={logoError ? true : undefined}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) actor.send({ type: 'LOGO.PICK', file });
              // The same file picked again after a refusal must reach the check again.
              e.currentTarget.value = '';
            }}
          />
        </Group>
      </Input.Wrapper>
      {form.logo || form.savedLogo ? (
        <Group gap="sm" data-testid="template-logo">
          <Text size="sm">
            {form.logo
              ? t('template.logo.chosen', { name: form.logo.name, size: formatSize(form.logo.size) })
              : t('template.savedLogo', { name: form.savedLogo!.name, size: formatSize(form.savedLogo!.size) })}
          </Text>
          <Button variant="subtle" size="xs" disabled={busy} onClick={() => actor.send({ type: 'LOGO.CLEAR' })}>
            {t('template.logo.clear')}
          </Button>
        </Group>
      ) : null}
    </>
  );
}

function Summary({ actor, providerLinks }: TemplateScreenProps) {
  const { t } = useTranslation('einvoice');
  const form = useSelector(actor, selectTemplateForm);
  const values = useSelector(actor, selectTemplateValues);
  return (
    <Card withBorder padding="lg" radius="md" maw={640} data-testid="template-summary">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('template.summaryTitle')}
        </Title>
        <List size="sm">
          <List.Item>{t('template.summaryName', { name: values.name.trim() })}</List.Item>
          <List.Item>{t('template.summaryType', { type: values.type ? t(`template.types.${values.type}`) : '' })}</List.Item>
          <List.Item>
            {form.savedLogo
              ? t('template.summaryLogo', { name: form.savedLogo.name, size: formatSize(form.savedLogo.size) })
              : t('template.summaryNoLogo')}
          </List.Item>
        </List>
        <Alert color="blue" variant="light">
          <Stack gap={4}>
            <Text size="sm">{t('template.register')}</Text>
            <Group gap="md">
              {providerLinks.map((link) => (
                <Anchor key={link.name} href={link.href} target="_blank" rel="noopener noreferrer" size="sm" c="dark.9" underline="always">
                  {link.name}
                </Anchor>
              ))}
            </Group>
          </Stack>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => actor.send({ type: 'BACK' })}>
            {t('template.toGallery')}
          </Button>
          <Button onClick={() => actor.send({ type: 'EDIT' })}>{t('template.edit')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default TemplateScreen;
