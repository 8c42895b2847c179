import { notifications } from '@mantine/notifications';
import { i18n } from '../../i18n';
import { errorMessageKey } from '../../services/errors';

/**
 * The one way the portal raises a toast (core §8: at most 3, 5 s). Machines name a `notify…`
 * action; an area's route file provides it with these helpers, so screens never raise toasts and
 * every failure text comes from the error catalogue.
 */

export interface ToastText {
  /** i18n key (namespace-qualified, e.g. `bank:delete.successTitle`) or already translated text via `raw`. */
  title: string;
  message?: string;
  values?: Record<string, unknown>;
}

function show(color: 'blue' | 'green' | 'red' | 'yellow', { title, message, values }: ToastText): void {
  notifications.show({
    color,
    title: i18n.t(title, values),
    message: message === undefined ? '' : i18n.t(message, values),
    // Mantine's close button has no name of its own (axe: button-name).
    closeButtonProps: { 'aria-label': i18n.t('common:close') },
    // Mantine greys a titled toast's text (gray 6: 3.3:1 on white); gray 8 keeps AA contrast.
    styles: { description: { color: 'var(--mantine-color-gray-8)' } },
  });
}

export const notify = {
  /** Something the user asked for was done. */
  success(text: ToastText): void {
    show('blue', text);
  },
  /** Money arrived (a payment event): green, as the bank's app shows it. */
  received(text: ToastText): void {
    show('green', text);
  },
  /** A warning that needs no action (e.g. a partial result). */
  warning(text: ToastText): void {
    show('yellow', text);
  },
  /** A call failed: the title says what, the message is the catalogue's text for the code. */
  failure(title: string, code: string | null | undefined, values?: Record<string, unknown>): void {
    show('red', { title, message: errorMessageKey(code), values: values ?? {} });
  },
  /** A failure whose message is not a catalogue code (a key of the area's namespace). */
  failureText(text: ToastText): void {
    show('red', text);
  },
};
