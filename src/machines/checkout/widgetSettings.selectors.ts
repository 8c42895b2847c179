import type { SnapshotFrom } from 'xstate';
import type { WidgetType } from '../../services/checkout/link/schemas';
import type { widgetSettingsMachine } from './widgetSettings.machine';
import {
  COLOUR_FIELDS,
  embedSnippet,
  METHOD_ORDER,
  offered,
  ONLINE_METHODS,
  urlsFilled,
  validateDraft,
  validColour,
  type DraftErrors,
  type FieldProblem,
  type WidgetDraft,
} from './widgetSettings.rules';

/** What the /e-com screen reads from widgetSettings (tags and context, never state names). */

type Snapshot = SnapshotFrom<typeof widgetSettingsMachine>;

export const selectLoading = (s: Snapshot) => s.hasTag('loading');
export const selectLoadFailed = (s: Snapshot) => s.hasTag('failed');
export const selectLoadError = (s: Snapshot) => s.context.loadError;
export const selectShowsForm = (s: Snapshot) => s.hasTag('form');
export const selectSaving = (s: Snapshot) => s.hasTag('busy');
export const selectCheckingLogo = (s: Snapshot) => s.hasTag('checkingLogo');
export const selectInfo = (s: Snapshot) => s.context.info;
/** The draft once the record is loaded (the form's values), else null. */
export const selectDraft = (s: Snapshot) => (s.context.info ? s.context.form.values : null);
export const selectForm = (s: Snapshot) => s.context.form;
export const selectAdvanced = (s: Snapshot) => s.context.advanced;
export const selectLogoDraft = (s: Snapshot) => s.context.logo;
export const selectLogoRefusal = (s: Snapshot) => s.context.logoRefusal;
export const selectSaveFailure = (s: Snapshot) => s.context.saveFailure;

/** doc 2 §5: submit is disabled while any URL is empty, while saving, and while a picked logo is read. */
export const selectCanSubmit = (s: Snapshot) =>
  s.context.info !== null && urlsFilled(s.context.form.values) && s.hasTag('form') && !s.hasTag('busy') && !s.hasTag('checkingLogo');

/** The form's own checks, once the merchant tried to save (a field is not red while first typed). */
export const selectFieldErrors = (s: Snapshot): DraftErrors =>
  s.context.form.showErrors && s.context.info ? validateDraft(s.context.form.values) : {};

/** A colour is checked as it is typed: the preview keeps the last good one meanwhile. */
export const selectColourProblems = (s: Snapshot): Partial<Record<(typeof COLOUR_FIELDS)[number], FieldProblem>> => {
  const draft = selectDraft(s);
  if (!draft) return {};
  const problems: Partial<Record<(typeof COLOUR_FIELDS)[number], FieldProblem>> = {};
  for (const field of COLOUR_FIELDS) if (draft[field].trim() !== '' && !validColour(draft[field])) problems[field] = 'colour';
  return problems;
};

/** The service's refusal of a field (VALIDATION_ERROR), shown on that input until it is typed again. */
export const selectRefusals = (s: Snapshot): Record<string, string> =>
  Object.fromEntries((s.context.saveFailure?.refusals ?? []).map((refusal) => [refusal.field, refusal.msg]));

/** Every method the bank offers, in a fixed order, with its switch. */
export const selectMethodSwitches = (s: Snapshot): Array<{ type: WidgetType; name: string; active: boolean }> => {
  const info = s.context.info;
  const draft = selectDraft(s);
  if (!info || !draft) return [];
  return METHOD_ORDER.filter((type) => offered(info, type)).map((type) => ({
    type,
    name: info.payment_methods.find((m) => m.widget_type === type)?.name ?? type,
    active: draft.methods[type],
  }));
};

/** What the preview is handed: the draft's look (with a colour being typed kept at its last good value). */
export interface PreviewLook {
  primary_color: string;
  secondary_color: string;
  logo_height: WidgetDraft['logo_height'];
  logo_position: WidgetDraft['logo_position'];
  button_color: string;
  button_border: boolean;
  border_radius: number;
  button_text: string;
}

export const selectPreviewLook = (s: Snapshot): PreviewLook | null => {
  const info = s.context.info;
  const draft = selectDraft(s);
  if (!info || !draft) return null;
  const colour = (field: (typeof COLOUR_FIELDS)[number]) =>
    validColour(draft[field]) ? draft[field].trim().toLowerCase() : info.widget[field];
  return {
    primary_color: colour('primary_color'),
    secondary_color: colour('secondary_color'),
    button_color: colour('button_color'),
    logo_height: draft.logo_height,
    logo_position: draft.logo_position,
    button_border: draft.button_border,
    border_radius: draft.border_radius,
    button_text: draft.button_text.trim(),
  };
};

/** The methods the hosted page would offer with this draft: the online ones turned on (D153). */
export const selectPreviewMethods = (s: Snapshot): WidgetType[] => {
  const draft = selectDraft(s);
  return draft ? ONLINE_METHODS.filter((type) => draft.methods[type] && s.context.info !== null && offered(s.context.info, type)) : [];
};

export const selectPreviewSelected = (s: Snapshot): WidgetType | null => {
  const methods = selectPreviewMethods(s);
  const chosen = s.context.previewMethod;
  return chosen !== null && methods.includes(chosen) ? chosen : (methods[0] ?? null);
};

export const selectEmbedSnippet = (s: Snapshot): string | null =>
  s.context.info ? embedSnippet(s.context.info.checkout_url, s.context.info.widget.id) : null;
