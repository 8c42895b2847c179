import { ColorInput, NumberInput, Switch, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { BORDER_RADIUS_MAX, BUTTON_TEXT_MAX, COLOUR_FIELDS, type ColourField } from '../../../machines/checkout/widgetSettings.rules';
import {
  selectAdvanced,
  selectColourProblems,
  selectDraft,
  selectFieldErrors,
  selectSaving,
} from '../../../machines/checkout/widgetSettings.selectors';
import type { WidgetSettingsActor } from './actor';
import { useWidgetFields } from './fields';
import { FormSection } from './FormSection';
import { useProblemText } from './problems';

/** The checkout's colours and button border; the button text and corner radius behind "advanced". */
export function LookSection({ actor }: { actor: WidgetSettingsActor }) {
  const { t } = useTranslation('checkout');
  const draft = useSelector(actor, selectDraft);
  const saving = useSelector(actor, selectSaving);
  const advanced = useSelector(actor, selectAdvanced);
  const errors = useSelector(actor, selectFieldErrors);
  const colourProblems = useSelector(actor, selectColourProblems);
  const problemText = useProblemText(actor);
  const fields = useWidgetFields(actor);
  if (!draft) return null;
  return (
    <FormSection title={t('ecom.look.title')} disabled={saving}>
      {COLOUR_FIELDS.map((field: ColourField) => (
        <ColorInput
          key={field}
          label={t(`ecom.fields.${field}`)}
          format="hex"
          withEyeDropper={false}
          // The picker's sliders are a pointer aid (not focusable; hex text is the keyboard way) but still need names.
          attributes={{
            saturation: { title: t('ecom.picker.saturation', { field: t(`ecom.fields.${field}`) }) },
            slider: { title: t('ecom.picker.hue', { field: t(`ecom.fields.${field}`) }) },
          }}
          value={draft[field]}
          onChange={(value) => fields.change(field, value)}
          error={problemText(errors[field] ?? colourProblems[field], field)}
          data-testid={`ecom-${field}`}
        />
      ))}
      <Switch
        label={t('ecom.fields.button_border')}
        checked={draft.button_border}
        onChange={(e) => fields.change('button_border', e.currentTarget.checked)}
        data-testid="ecom-button_border"
      />
      <Switch
        label={t('ecom.advanced.toggle')}
        description={t('ecom.advanced.help')}
        checked={advanced}
        onChange={() => actor.send({ type: 'ADVANCED.TOGGLE' })}
        data-testid="ecom-advanced"
      />
      {advanced ? (
        <>
          <TextInput
            label={t('ecom.fields.button_text')}
            description={t('ecom.advanced.buttonTextHelp', { max: BUTTON_TEXT_MAX })}
            {...fields.text('button_text')}
            ref={undefined}
            error={problemText(errors.button_text, 'button_text')}
            data-testid="ecom-button_text"
          />
          <NumberInput
            label={t('ecom.fields.border_radius')}
            description={t('ecom.advanced.radiusHelp', { max: BORDER_RADIUS_MAX })}
            min={0}
            max={BORDER_RADIUS_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={draft.border_radius}
            onChange={(value) => fields.change('border_radius', typeof value === 'number' ? value : Number(value) || 0)}
            data-testid="ecom-border_radius"
          />
        </>
      ) : null}
    </FormSection>
  );
}
