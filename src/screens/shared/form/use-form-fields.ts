import { useCallback, useEffect, useRef, type ChangeEvent } from 'react';
import type { FormFieldEvent, FormKit, FormState } from '../../../machines/shared/form/form';

/**
 * The screen side of the form toolkit (D283): gives each Mantine input its value, its change and
 * blur as the one field dialect (FIELD.CHANGE / FIELD.BLUR), its problem worded in the user's
 * language, and a ref, so a form screen is its fields and layout. After each refused save
 * (`refusals` grows) the focus moves to the first wrong field in screen order (core §5: the
 * person sees what to fix first).
 */

export interface FormMessages<F extends string, K extends string> {
  /** A rule's code, worded (the area's `validation.<code>`). */
  rule: (field: F, code: K) => string;
  /** A service code shown beside its field (the errors catalogue). */
  service: (code: string) => string;
}

type Sender<V extends object, F extends keyof V & string> = { send: (event: FormFieldEvent<V, F>) => void };
type Focusable = { focus: () => void } | null;

/** What `text(field)` gives a TextInput, Textarea or PasswordInput. */
export interface TextFieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: () => void;
  error: string | undefined;
  ref: (element: Focusable) => void;
}

/** What `input(field)` gives any other input (a Select, a switch). */
export interface InputFieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  onBlur: () => void;
  error: string | undefined;
  ref: (element: Focusable) => void;
}

type FieldKey<V extends object> = keyof V & string;
type TextKey<V extends object> = { [P in FieldKey<V>]: V[P] extends string ? P : never }[FieldKey<V>];

export function useFormFields<V extends object, F extends FieldKey<V>, K extends string>(
  actor: Sender<V, F>,
  form: FormState<V, F>,
  kit: FormKit<V, F, K>,
  messages: FormMessages<F, K>,
) {
  const refs = useRef<Partial<Record<string, Focusable>>>({});
  const shown = kit.shown(form);
  useEffect(() => {
    // The first wrong field that can take the focus (a picker without a ref is passed over).
    const firstWrong = kit.fields.find((field) => shown[field] !== undefined && refs.current[field]);
    if (form.refusals > 0 && firstWrong !== undefined) refs.current[firstWrong]?.focus();
    // Only a new refusal moves the focus; typing into a wrong field must not pull it away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.refusals]);

  const error = (field: F): string | undefined => {
    const found = shown[field];
    if (found === undefined) return undefined;
    return found.source === 'rule' ? messages.rule(field, found.code) : messages.service(found.code);
  };

  const ref = useCallback(
    (field: string) => (element: Focusable) => {
      refs.current[field] = element;
    },
    [],
  );

  const change = <P extends FieldKey<V>>(field: P, value: V[P]) =>
    actor.send({ type: 'FIELD.CHANGE', field, value } as unknown as FormFieldEvent<V, F>);
  const blur = (field: FieldKey<V>) => actor.send({ type: 'FIELD.BLUR', field } as FormFieldEvent<V, F>);
  const errorOf = (field: FieldKey<V>) => ((kit.fields as readonly string[]).includes(field) ? error(field as F) : undefined);

  return {
    values: form.values,
    error: errorOf,
    change,
    /** A TextInput, Textarea or PasswordInput: value, onChange, onBlur, error and ref. */
    text: <P extends TextKey<V>>(field: P): TextFieldProps => ({
      value: form.values[field] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => change(field, event.currentTarget.value as V[P]),
      onBlur: () => blur(field),
      error: errorOf(field),
      ref: ref(field),
    }),
    /** Any other input (a Select, a switch): its value as the form keeps it, a setter, error and ref. */
    input: <P extends FieldKey<V>>(field: P): InputFieldProps<V[P]> => ({
      value: form.values[field],
      onChange: (value: V[P]) => change(field, value),
      onBlur: () => blur(field),
      error: errorOf(field),
      ref: ref(field),
    }),
  };
}
