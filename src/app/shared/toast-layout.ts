/** core §8: at most 3 toasts at a time, each for 5 s, 433 px wide, top right. */
export const TOAST_LAYOUT = { limit: 3, autoClose: 5000, containerWidth: 433, position: 'top-right' } as const;
