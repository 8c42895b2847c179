import type { MerchantSave, WidgetSave } from '../../services/checkout/schemas';
import type { MerchantInfo, Widget, WidgetType } from '../../services/checkout/link/schemas';

export type { MerchantSave, WidgetSave };

/**
 * The /e-com form's pure rules (doc 2 §5 widget form and logo upload, §9 widget defaults;
 * D148, D153): what the merchant edits, how it is checked before anything is sent, and what the
 * two saving calls carry. No I/O.
 */

export const URL_FIELDS = ['return_url', 'cancel_url', 'ipn_url'] as const;
export type UrlField = (typeof URL_FIELDS)[number];

export const COLOUR_FIELDS = ['primary_color', 'secondary_color', 'button_color'] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];

export type LogoHeight = Widget['logo_height'];
export type LogoPosition = Widget['logo_position'];

/** The order the method toggles and the preview list them in. */
export const METHOD_ORDER: readonly WidgetType[] = ['qr_code', 'credit_card', 'ewallet', 'cash'];

/** The hosted page never takes cash (contract §C), so neither does its preview. */
export const ONLINE_METHODS: readonly WidgetType[] = ['qr_code', 'credit_card', 'ewallet'];

/** doc 2 §5, §9: the logo is at most 102,400 bytes; 40×40 px is recommended. */
export const LOGO_MAX_BYTES = 102_400;
export const URL_MAX_LENGTH = 2048;
export const BUTTON_TEXT_MAX = 30;
export const BORDER_RADIUS_MAX = 24;

export interface WidgetDraft {
  return_url: string;
  cancel_url: string;
  ipn_url: string;
  primary_color: string;
  secondary_color: string;
  button_color: string;
  logo_height: LogoHeight;
  logo_position: LogoPosition;
  button_border: boolean;
  border_radius: number;
  button_text: string;
  methods: Record<WidgetType, boolean>;
}

/** The form before the record is loaded (no form is shown meanwhile: the screen reads `info` first). */
export const BLANK_DRAFT: WidgetDraft = {
  return_url: '',
  cancel_url: '',
  ipn_url: '',
  primary_color: '',
  secondary_color: '',
  button_color: '',
  logo_height: 60,
  logo_position: 'left',
  button_border: false,
  border_radius: 0,
  button_text: '',
  methods: { cash: false, ewallet: false, qr_code: false, credit_card: false },
};

/** Only the fields a person types (URLs, colours as hex text, the button's text). */
export type DraftTextField = UrlField | ColourField | 'button_text';

export type FieldProblem = 'required' | 'https' | 'spaces' | 'credentials' | 'tooLong' | 'colour';
export type DraftErrors = Partial<Record<DraftTextField, FieldProblem>>;

/**
 * One switch per kind of method: on when the merchant turned it on in either of the service's two
 * lists (payment_methods for PUT /merchants, active_methods for PUT /widgets); both are then written
 * from the same switch, so they never disagree again (D153).
 */
export function methodsOf(info: MerchantInfo): Record<WidgetType, boolean> {
  const methods: Record<WidgetType, boolean> = { cash: false, ewallet: false, qr_code: false, credit_card: false };
  for (const method of info.payment_methods) if (method.active && method.is_active) methods[method.widget_type] = true;
  for (const entry of info.active_methods) if (entry.active && offered(info, entry.name)) methods[entry.name] = true;
  return methods;
}

/** Offered by the bank to this merchant (is_active); a method the bank does not offer cannot be turned on. */
export function offered(info: MerchantInfo, type: WidgetType): boolean {
  return info.payment_methods.some((method) => method.widget_type === type && method.is_active);
}

export function draftOf(info: MerchantInfo): WidgetDraft {
  const w = info.widget;
  return {
    return_url: info.return_url,
    cancel_url: info.cancel_url,
    ipn_url: info.ipn_url,
    primary_color: w.primary_color,
    secondary_color: w.secondary_color,
    button_color: w.button_color,
    logo_height: w.logo_height,
    logo_position: w.logo_position,
    button_border: w.button_border,
    border_radius: w.border_radius,
    button_text: w.button_text,
    methods: methodsOf(info),
  };
}

const COLOUR = /^#[0-9a-f]{6}$/i;

export function validColour(value: string): boolean {
  return COLOUR.test(value.trim());
}

/**
 * A return, cancel or notification URL as the service takes it (contract §A): required, https, at
 * most 2048 characters, no spaces inside, no user name or password in it.
 */
export function urlProblem(typed: string): FieldProblem | null {
  // Spaces around a pasted address are dropped (it is sent trimmed); one inside it is a mistake.
  const value = typed.trim();
  if (value === '') return 'required';
  if (/\s/.test(value)) return 'spaces';
  if (value.length > URL_MAX_LENGTH) return 'tooLong';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'https';
  }
  if (url.protocol !== 'https:' || url.hostname === '') return 'https';
  if (url.username !== '' || url.password !== '') return 'credentials';
  return null;
}

export function validateDraft(draft: WidgetDraft): DraftErrors {
  const errors: DraftErrors = {};
  for (const field of URL_FIELDS) {
    const problem = urlProblem(draft[field]);
    if (problem) errors[field] = problem;
  }
  for (const field of COLOUR_FIELDS) if (!validColour(draft[field])) errors[field] = 'colour';
  if ([...draft.button_text].length > BUTTON_TEXT_MAX) errors.button_text = 'tooLong';
  return errors;
}

export const hasDraftErrors = (errors: DraftErrors): boolean => Object.keys(errors).length > 0;

/** doc 2 §5: submit stays disabled while any of the three URLs is empty. */
export const urlsFilled = (draft: WidgetDraft): boolean => URL_FIELDS.every((field) => draft[field].trim() !== '');

export function clampRadius(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(BORDER_RADIUS_MAX, Math.max(0, Math.round(value)));
}

/** What PUT /merchants/{merchant_id} carries: the URLs (trimmed) and the ids of the methods turned on. */
export function merchantSave(info: MerchantInfo, draft: WidgetDraft): MerchantSave {
  return {
    merchant_id: info.merchant_id,
    merchant_name: info.merchant_name,
    return_url: draft.return_url.trim(),
    cancel_url: draft.cancel_url.trim(),
    ipn_url: draft.ipn_url.trim(),
    payment_methods: info.payment_methods.filter((m) => m.is_active && draft.methods[m.widget_type]).map((m) => m.id),
  };
}

export interface LogoDraft {
  /** The picked file, already checked (PNG or JPEG by content, at most 102,400 bytes). */
  file: Blob | null;
  /** The merchant asked to remove the saved logo. */
  remove: boolean;
}

export const NO_LOGO_CHANGE: LogoDraft = { file: null, remove: false };

/** What PUT /widgets/{id} carries: the look, the methods' switches and the logo change, if any. */
export function widgetSave(info: MerchantInfo, draft: WidgetDraft, logo: LogoDraft): WidgetSave {
  return {
    widget_id: info.widget.id,
    primary_color: draft.primary_color.trim().toLowerCase(),
    secondary_color: draft.secondary_color.trim().toLowerCase(),
    button_color: draft.button_color.trim().toLowerCase(),
    logo_height: draft.logo_height,
    logo_position: draft.logo_position,
    button_border: draft.button_border,
    border_radius: clampRadius(draft.border_radius),
    button_text: draft.button_text.trim(),
    active_methods: METHOD_ORDER.map((name) => ({ name, active: draft.methods[name] && offered(info, name) })),
    logo: logo.file,
    remove_logo: logo.file === null && logo.remove,
  };
}

/** A refused field as the service reports it (VALIDATION_ERROR's data.errors). */
export interface FieldRefusal {
  field: string;
  msg: string;
}

/** The VALIDATION_ERROR's field errors, in form order as the service sends them; [] for anything else. */
export function refusalsOf(error: unknown): FieldRefusal[] {
  const data = (error as { data?: unknown } | null)?.data;
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is FieldRefusal => typeof e === 'object' && e !== null && typeof e.field === 'string' && typeof e.msg === 'string')
    .map((e) => ({ field: e.field.slice(0, 100), msg: e.msg.slice(0, 300) }));
}

/**
 * The embed snippet of contract §I: the script sits beside the hosted page (`{checkout_url}embed.js`),
 * and the widget id tells it whose links it opens.
 */
export function embedSnippet(checkoutUrl: string, widgetId: string): string {
  let src: string;
  try {
    src = new URL('embed.js', checkoutUrl.endsWith('/') ? checkoutUrl : `${checkoutUrl}/`).href;
  } catch {
    src = 'embed.js';
  }
  return `<script src="${src}" data-app-id="${widgetId}" async></script>`;
}
