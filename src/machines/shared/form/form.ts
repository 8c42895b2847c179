import { errorCode } from '../../../rules/serviceError';

/**
 * defineForm: the one form (core §5 forms, §8 errors) every form machine keeps its fields in (D283).
 * A machine holds a `FormState` in `context.form` and writes it only through the definition's pure
 * steps, so each form has the same behaviour:
 *   - one event dialect for fields: `FIELD.CHANGE {field, value}` and `FIELD.BLUR {field}`
 *     (`FormFieldEvent`), whatever the field's type (a text, a chosen id, a switch);
 *   - validation from the rules in `src/rules/` (a field → rule map; a rule answers an error code,
 *     which the screen words from the area's i18n `validation.<code>`); a problem shows once Save
 *     was pressed or the field was left (`showOnBlur`), and at once for the codes in `immediate`
 *     (an over-long text, a control character);
 *   - submit: `submit(form)` says whether to send; a refusal reveals every problem and counts
 *     (`refusals`), and the screen moves the focus to the first wrong field on each;
 *   - save failure: `failed(form, error)` keeps every value typed; a code that belongs to a field
 *     (`fieldCodes`, e.g. a phone already used) shows beside it until that field changes, any
 *     other goes to the form's alert (`saveError`).
 * No XState here: the machine keeps its own states (editing → saving → saved | back to editing) and
 * calls these steps from its `assign` actions and guards, so each machine's model paths stay its own.
 */

export interface FormState<V extends object, F extends keyof V & string = keyof V & string> {
  values: V;
  /** Save was pressed with something missing or wrong: every field says what. */
  showErrors: boolean;
  /** Fields left at least once (FIELD.BLUR); their problems show with `showOnBlur`. */
  touched: Partial<Record<F, true>>;
  /** Why the last save failed when no field owns the code (the alert above or below the form). */
  saveError: string | null;
  /** Codes of the last failed save that belong beside a field, until that field changes. */
  saveFieldErrors: Partial<Record<F, string>>;
  /** Saves refused while invalid: the screen moves the focus to the first wrong field on each. */
  refusals: number;
}

/** The one field dialect: a change with the field's new value, and leaving the field. */
export type FormFieldEvent<V extends object, F extends keyof V & string = keyof V & string> =
  { [P in F]: { type: 'FIELD.CHANGE'; field: P; value: V[P] } }[F] | { type: 'FIELD.BLUR'; field: F };

/** A field's problem as the screen words it: a rule's code (validation.<code>) or a service code (errors catalogue). */
export type ShownError<K extends string> = { source: 'rule'; code: K } | { source: 'service'; code: string };

export type FieldRules<V extends object, F extends keyof V & string, K extends string> = {
  [P in F]: (value: V[P], values: V) => K | null;
};

/**
 * Validation from the rules: one rule per field, in the order the fields are on screen (focus goes to
 * the first wrong one), or, where `src/rules/` already checks the whole form (a rule that reads two
 * fields), the fields in screen order and that check.
 */
export type FormValidation<V extends object, F extends keyof V & string, K extends string> =
  { rules: FieldRules<V, F, K> } | { fields: readonly F[]; validate: (values: V) => Partial<Record<F, K>> };

export type FormDefinition<V extends object, F extends keyof V & string, K extends string> = FormValidation<V, F, K> & FormOptions<F, K>;

export interface FormOptions<F extends string, K extends string> {
  /** Codes shown while typing, before Save (an over-long text, a control character). */
  immediate?: readonly K[];
  /** Show a field's problem once it was left, not only after Save. */
  showOnBlur?: boolean;
  /** Service codes that belong beside a field (a phone already used → phone); others go to the alert. */
  fieldCodes?: Readonly<Record<string, F>>;
  /** What typing does with the last save failure: cleared (default), or kept until the next save. */
  keepSaveErrorWhileTyping?: boolean;
  /** Fields forgotten after a failed save (passwords); everything else typed stays. */
  forgetOnFailure?: readonly string[];
}

export interface FormKit<V extends object, F extends keyof V & string, K extends string> {
  /** The validated fields in screen order. */
  fields: readonly F[];
  initial(values: V): FormState<V, F>;
  /** The values loaded (an edit): the form starts over from them. */
  load(form: FormState<V, F>, values: V): FormState<V, F>;
  errors(values: V): Partial<Record<F, K>>;
  valid(values: V): boolean;
  /** The problem each field shows now. */
  shown(form: FormState<V, F>): Partial<Record<F, ShownError<K>>>;
  change<P extends keyof V & string>(form: FormState<V, F>, field: P, value: V[P]): FormState<V, F>;
  blur(form: FormState<V, F>, field: F): FormState<V, F>;
  /** Save pressed while invalid: every problem shows, focus to the first. */
  refuse(form: FormState<V, F>): FormState<V, F>;
  /** A save starts: the last failure is cleared, and problems show from now on. */
  saving(form: FormState<V, F>): FormState<V, F>;
  /** A save failed: nothing typed is lost; the code goes beside its field or to the alert. */
  failed(form: FormState<V, F>, error: unknown): FormState<V, F>;
}

export function defineForm<V extends object, F extends keyof V & string, K extends string>(
  definition: FormDefinition<V, F, K>,
): FormKit<V, F, K> {
  const fields = 'rules' in definition ? (Object.keys(definition.rules) as F[]) : definition.fields;
  const immediate = new Set<string>(definition.immediate ?? []);
  const fieldCodes = definition.fieldCodes ?? {};

  const errors = (values: V): Partial<Record<F, K>> => {
    if (!('rules' in definition)) return definition.validate(values);
    const found: Partial<Record<F, K>> = {};
    for (const field of fields) {
      const code = definition.rules[field](values[field], values);
      if (code !== null) found[field] = code;
    }
    return found;
  };

  return {
    fields,
    initial: (values) => ({ values, showErrors: false, touched: {}, saveError: null, saveFieldErrors: {}, refusals: 0 }),
    load: (form, values) => ({ ...form, values, touched: {}, saveFieldErrors: {} }),
    errors,
    valid: (values) => Object.keys(errors(values)).length === 0,
    shown(form) {
      const rule = errors(form.values);
      const shown: Partial<Record<F, ShownError<K>>> = {};
      for (const field of fields) {
        const code = rule[field];
        const visible =
          code !== undefined &&
          (form.showErrors || immediate.has(code) || (definition.showOnBlur === true && form.touched[field] === true));
        const service = form.saveFieldErrors[field];
        if (visible) shown[field] = { source: 'rule', code };
        else if (service !== undefined) shown[field] = { source: 'service', code: service };
      }
      return shown;
    },
    change(form, field, value) {
      const saveFieldErrors = { ...form.saveFieldErrors };
      delete saveFieldErrors[field as unknown as F];
      return {
        ...form,
        values: { ...form.values, [field]: value },
        saveFieldErrors,
        saveError: definition.keepSaveErrorWhileTyping ? form.saveError : null,
      };
    },
    blur: (form, field) => (form.touched[field] ? form : { ...form, touched: { ...form.touched, [field]: true } }),
    refuse: (form) => ({ ...form, showErrors: true, refusals: form.refusals + 1 }),
    saving: (form) => ({ ...form, showErrors: true, saveError: null, saveFieldErrors: {} }),
    failed(form, error) {
      const code = errorCode(error);
      const field = Object.hasOwn(fieldCodes, code) ? fieldCodes[code] : undefined;
      const values = { ...form.values };
      for (const forgotten of definition.forgetOnFailure ?? []) (values as Record<string, unknown>)[forgotten] = '';
      return field === undefined
        ? { ...form, values, saveError: code, saveFieldErrors: {} }
        : { ...form, values, saveError: null, saveFieldErrors: { [field]: code } as Partial<Record<F, string>> };
    },
  };
}
