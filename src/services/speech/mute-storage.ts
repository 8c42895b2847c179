/** Whether payment announcements are muted: a device preference, kept in local storage. */
export const MUTE_STORAGE_KEY = 'announcements_muted';

type Area = Pick<Storage, 'getItem' | 'setItem'>;

const local = (): Area | null => (typeof window === 'undefined' ? null : window.localStorage);

// Storage can throw (private mode, quota); announcements then simply start unmuted.
export function readMuted(area: () => Area | null = local): boolean {
  try {
    return area()?.getItem(MUTE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function writeMuted(muted: boolean, area: () => Area | null = local): void {
  try {
    area()?.setItem(MUTE_STORAGE_KEY, String(muted));
  } catch {
    /* the preference lasts for this page only */
  }
}
