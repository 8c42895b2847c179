/**
 * core §8: at most 3 toasts at a time, each for 5 s, 433 px wide. Where they show (D225): at the top
 * centre, just below the top bar, at every width. Never over the top bar (its bell, language and
 * account name, and the menus they open, sit at the top right). Never at the bottom, where a form's
 * Save, a dialog's buttons and a list's pages are: a toast there covered the very button a merchant
 * presses again after a failed save, and because a toast under the pointer pauses (so its reader is
 * not cut off) it stayed there. The top of the page is read, not pressed, in the 5 s a toast shows.
 */
export const TOAST_LAYOUT = { limit: 3, autoClose: 5000, containerWidth: 433 } as const;

export const TOAST_POSITION = 'top-center' as const;
