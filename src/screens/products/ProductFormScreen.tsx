import { DROPDOWN_MAX_HEIGHT } from '../shared/dropdown';
import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  type ComboboxItem,
  type OptionsFilter,
} from '@mantine/core';
import './styles';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { productFormMachine } from '../../machines/products/productForm.machine';
import {
  selectBusy,
  selectCanSubmit,
  selectCategories,
  selectFieldErrors,
  selectForm,
  selectImage,
  selectImageProblem,
  selectLoadError,
  selectLoadFailed,
  selectLoading,
  selectMissing,
  selectMode,
  selectSaved,
  selectShowsForm,
  selectShrinking,
  selectSubmitError,
  selectUploading,
} from '../../machines/products/selectors';
import { formatVndNumber } from '../../rules/vnd';
import { TAX_CLASSES, isTaxClass, type VatRateTable } from '../../rules/vatRates';
import { useTaxClassLabel } from './taxClassLabel';
import { PRODUCT_CODE_MAX, PRODUCT_NAME_MAX, PRODUCT_PRICE_MAX_LENGTH, type ProductStatus } from '../../services/products/schemas';
import { catalogueCode, errorMessageKey } from '../../services/errors';
import { ChipList } from '../shared/Chips';
import { foldText } from '../shared/table/fold';
import { FailureAlert } from '../shared/FailureAlert';
import { LoadingLine } from '../shared/LoadingLine';
import { ProductPhoto } from './ProductPhoto';
import { SubmitForm } from '../shared/form/SubmitForm';

export type ProductFormActor = ActorRefFrom<typeof productFormMachine>;

/** Category search ignoring case and accents: "mon moi" finds "Món mới". */
const foldedFilter: OptionsFilter = ({ options, search }) => {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  return (options as ComboboxItem[]).filter((o) => {
    const label = foldText(o.label);
    return words.every((w) => label.includes(w));
  });
};

const kb = (bytes: number, lng: string) =>
  `${new Intl.NumberFormat(lng === 'vi' ? 'vi-VN' : 'en-GB', { maximumFractionDigits: 1 }).format(bytes / 1024)} KB`;

/**
 * /sale-product/create and /sale-product/update?id= (doc 2 §2, §5): name, code (read-only on edit),
 * price (formatted when not focused, the digits while typing), status, categories (shown as chips),
 * image with its size after shrinking. Save is disabled until name, code and price are filled.
 */
export function ProductFormScreen({
  actor,
  loadImage,
  vatRates,
  now,
}: {
  actor: ProductFormActor;
  loadImage: (url: string) => Promise<Blob>;
  /** The dated VAT table of config.json (D226) and the moment whose rates the choices show. */
  vatRates: VatRateTable;
  now: number;
}) {
  const { t } = useTranslation(['products', 'errors']);
  const mode = useSelector(actor, selectMode);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const submitError = useSelector(actor, selectSubmitError);
  const loadError = useSelector(actor, selectLoadError);
  const loading = useSelector(actor, selectLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const missing = useSelector(actor, selectMissing);
  const showsForm = useSelector(actor, selectShowsForm);
  const busy = useSelector(actor, selectBusy);
  const saved = useSelector(actor, selectSaved);
  const readOnly = busy || saved;
  const title = mode === 'create' ? t('form.createTitle') : t('form.editTitle');
  const cancel = () => actor.send({ type: 'CANCEL' });

  const header = (
    <Group justify="space-between" wrap="wrap">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Button variant="default" onClick={cancel}>
        {t('form.back')}
      </Button>
    </Group>
  );

  if (loading)
    return (
      <Stack gap="md" p="md">
        {header}
        <LoadingLine label={t('form.loading')} />
      </Stack>
    );
  if (missing)
    return (
      <Stack gap="md" p="md">
        {header}
        <Alert color="red" role="alert" data-testid="product-missing">
          {t('form.missing')}
        </Alert>
      </Stack>
    );
  if (loadFailed)
    return (
      <Stack gap="md" p="md">
        {header}
        <FailureAlert
          title={t('form.loadFailed')}
          message={t(errorMessageKey(loadError))}
          retryLabel={t('form.retry')}
          onRetry={() => actor.send({ type: 'RETRY' })}
        />
      </Stack>
    );
  if (!showsForm) return null;

  const refusal =
    submitError === null ? null : catalogueCode(submitError) === 'NAME_CODE_EXIST' ? t('form.codeTaken') : t(errorMessageKey(submitError));

  return (
    <Stack gap="md" p="md" maw={720}>
      {header}
      <SubmitForm onSubmit={() => actor.send({ type: 'SUBMIT' })}>
        <Stack gap="sm">
          <ProductFields actor={actor} readOnly={readOnly} vatRates={vatRates} now={now} />

          <ProductImageField actor={actor} loadImage={loadImage} readOnly={readOnly} />

          <ProductFormActions refusal={refusal} saved={saved} canSubmit={canSubmit} busy={busy} onCancel={cancel} />
        </Stack>
      </SubmitForm>
    </Stack>
  );
}

/** Name, code (read-only on edit), price (formatted unless focused), status, VAT tax class, categories (doc 2 §5, D226). */
function ProductFields({
  actor,
  readOnly,
  vatRates,
  now,
}: {
  actor: ProductFormActor;
  readOnly: boolean;
  vatRates: VatRateTable;
  now: number;
}) {
  const { t } = useTranslation(['products', 'errors']);
  const mode = useSelector(actor, selectMode);
  const form = useSelector(actor, selectForm);
  const errors = useSelector(actor, selectFieldErrors);
  const categories = useSelector(actor, selectCategories);
  const taxClassLabel = useTaxClassLabel(vatRates, now);
  const [priceFocused, setPriceFocused] = useState(false);
  const priceShown = priceFocused || form.price === '' ? form.price : formatVndNumber(Number(form.price));
  const chosen = categories.filter((c) => form.categoryIds.includes(c.category_id));
  return (
    <>
      <TextInput
        label={t('form.name')}
        required
        value={form.name}
        maxLength={PRODUCT_NAME_MAX * 2}
        readOnly={readOnly}
        error={errors.name ? t(errors.name, { max: PRODUCT_NAME_MAX }) : undefined}
        onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'name', value: e.currentTarget.value })}
        data-testid="product-name"
      />
      <TextInput
        label={t('form.code')}
        required
        description={mode === 'edit' ? t('form.codeReadOnly') : t('form.codeHint')}
        value={form.code}
        maxLength={PRODUCT_CODE_MAX * 2}
        readOnly={mode === 'edit' || readOnly}
        error={errors.code ? t(errors.code, { max: PRODUCT_CODE_MAX }) : undefined}
        onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'code', value: e.currentTarget.value })}
        data-testid="product-code"
      />
      <TextInput
        label={t('form.price')}
        required
        description={t('form.priceHint')}
        inputMode="numeric"
        value={priceShown}
        maxLength={priceFocused ? PRODUCT_PRICE_MAX_LENGTH : undefined}
        readOnly={readOnly}
        error={errors.price ? t(errors.price) : undefined}
        onFocus={() => setPriceFocused(true)}
        onBlur={() => setPriceFocused(false)}
        onChange={(e) => actor.send({ type: 'FIELD.CHANGE', field: 'price', value: e.currentTarget.value })}
        data-testid="product-price"
      />
      <Select
        label={t('form.status')}
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        data={([0, 1, 2] as const).map((s) => ({ value: String(s), label: t(`status.${s}`) }))}
        value={String(form.status)}
        allowDeselect={false}
        readOnly={readOnly}
        onChange={(value) => value !== null && actor.send({ type: 'FIELD.CHANGE', field: 'status', value: Number(value) as ProductStatus })}
        data-testid="product-status"
      />
      <Select
        label={t('form.taxClass')}
        description={`${t(`taxClassHelp.${form.taxClass}`)} ${t('form.taxClassHint')}`}
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        data={TAX_CLASSES.map((c) => ({ value: c, label: taxClassLabel(c) }))}
        value={form.taxClass}
        allowDeselect={false}
        readOnly={readOnly}
        onChange={(value) => isTaxClass(value) && actor.send({ type: 'FIELD.CHANGE', field: 'taxClass', value })}
        data-testid="product-tax-class"
      />
      <MultiSelect
        label={t('form.categories')}
        placeholder={form.categoryIds.length === 0 ? t('form.categoriesPlaceholder') : undefined}
        description={categories.length === 0 ? t('form.noCategories') : undefined}
        data={categories.map((c) => ({ value: String(c.category_id), label: c.category_name }))}
        value={form.categoryIds.map(String)}
        searchable
        filter={foldedFilter}
        readOnly={readOnly}
        maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
        onChange={(values) => actor.send({ type: 'FIELD.CHANGE', field: 'categoryIds', value: values.map(Number) })}
        data-testid="product-categories"
      />
      <ChipList items={chosen.map((c) => ({ id: c.category_id, label: c.category_name }))} label={t('form.chosenCategories')} />
    </>
  );
}

/** The image: picked, shrunk and uploaded by the machine; its size after shrinking; a problem said (doc 2 §5, §9). */
function ProductImageField({
  actor,
  loadImage,
  readOnly,
}: {
  actor: ProductFormActor;
  loadImage: (url: string) => Promise<Blob>;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation(['products', 'errors']);
  const image = useSelector(actor, selectImage);
  const imageProblem = useSelector(actor, selectImageProblem);
  const shrinking = useSelector(actor, selectShrinking);
  const uploading = useSelector(actor, selectUploading);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="product-image-label">
        {t('form.image')}
      </Text>
      <Text size="xs" c="dimmed" id="product-image-hint">
        {t('form.imageHint')}
      </Text>
      <ProductPhoto
        url={image.url}
        file={image.preview}
        load={loadImage}
        alt={t('form.imagePreviewAlt')}
        loadingText={t('list.imageLoading')}
        failedText={t('list.imageFailed')}
        size={120}
      />
      {image.size !== null && image.originalSize !== null ? (
        <Text size="sm" data-testid="product-image-size">
          {image.originalSize > image.size
            ? t('form.imageShrunk', { from: kb(image.originalSize, i18n.language), to: kb(image.size, i18n.language) })
            : t('form.imageSize', { size: kb(image.size, i18n.language) })}
        </Text>
      ) : null}
      {shrinking ? <LoadingLine label={t('form.shrinking')} /> : null}
      {uploading ? <LoadingLine label={t('form.uploading')} /> : null}
      {imageProblem ? (
        <Alert color={imageProblem === 'upload' ? 'orange' : 'red'} role="alert" data-testid="product-image-problem">
          <Text size="sm">{t(`form.imageProblem.${imageProblem}`)}</Text>
        </Alert>
      ) : null}
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        hidden
        aria-labelledby="product-image-label"
        aria-describedby="product-image-hint"
        data-testid="product-image-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) actor.send({ type: 'IMAGE.PICK', file });
          e.currentTarget.value = '';
        }}
      />
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={readOnly} onClick={() => fileInput.current?.click()}>
          {t('form.pickImage')}
        </Button>
        {image.url || image.preview ? (
          <Button variant="default" size="xs" disabled={readOnly} onClick={() => actor.send({ type: 'IMAGE.REMOVE' })}>
            {t('form.removeImage')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The refusal, the saved note (an update returns after 2 s), Cancel and Save. */
function ProductFormActions({
  refusal,
  saved,
  canSubmit,
  busy,
  onCancel,
}: {
  refusal: string | null;
  saved: boolean;
  canSubmit: boolean;
  busy: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['products', 'errors']);
  return (
    <>
      {refusal ? (
        <Alert color="red" title={t('form.failed')} role="alert" data-testid="product-submit-error">
          <Text size="sm">{refusal}</Text>
        </Alert>
      ) : null}
      {saved ? (
        <Alert color="green" role="status" data-testid="product-saved">
          {t('form.savedNote')}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={saved}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={!canSubmit} loading={busy}>
          {t('form.save')}
        </Button>
      </Group>
    </>
  );
}
