import type { ComponentPropsWithoutRef, FormEvent } from 'react';

/**
 * The one submit of the form toolkit (D283): a form's submit (a click on its submit button, Enter in a
 * field) goes to its machine as one event; the machine checks and saves. The browser neither checks
 * (noValidate: the rules in `src/rules/` word the problems in the user's language, core §5) nor reloads.
 */
export const submitWith = (send: () => void) => (event: FormEvent) => {
  event.preventDefault();
  send();
};

export type SubmitFormProps = Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'noValidate'> & {
  /** Sends the machine its submit event (SUBMIT, SAVE, …). */
  onSubmit: () => void;
};

export function SubmitForm({ onSubmit, children, ...rest }: SubmitFormProps) {
  return (
    <form {...rest} noValidate onSubmit={submitWith(onSubmit)}>
      {children}
    </form>
  );
}
