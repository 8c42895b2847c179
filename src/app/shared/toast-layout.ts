/**
 * core §8: at most 3 toasts at a time, each for 5 s, 433 px wide. Where they show (D225): never over
 * the top bar, whose bell, language and account name (and the menus they open) sit at the top right.
 * - From 48em (the shell's sidebar breakpoint) up: bottom right. Forms and lists sit to the left,
 *   dialogs are centred, page content scrolls out from under a toast; while the cookie notice shows
 *   (fixed at the bottom) the toasts stand above it.
 * - Narrower (phones): full width just below the top bar. The bottom of a phone screen holds the
 *   form's Save and the dialog's buttons, which a toast there covered; the top of the page is read, not
 *   pressed, in the 5 s a toast shows.
 */
export const TOAST_LAYOUT = { limit: 3, autoClose: 5000, containerWidth: 433 } as const;

export const TOAST_POSITION = { wide: 'bottom-right', narrow: 'top-center' } as const;

/** The width from which the shell shows its sidebar (src/screens/shell/Shell.tsx, `sm`). */
export const TOAST_WIDE_QUERY = '(min-width: 48em)';
