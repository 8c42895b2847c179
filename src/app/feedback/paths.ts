import type { FeedbackType } from '../../services/feedback/schemas';

/** The feedback area's addresses (core §2 Feedback); routes and links use these, never literals. */
const TAB = { CHECK: 'check', EDC: 'edc', OTHER: 'other' } as const satisfies Record<FeedbackType, string>;

export const feedbackPaths = {
  list: (type: FeedbackType = 'CHECK') => `/feedback/${TAB[type]}`,
  create: (type: FeedbackType) => `/feedback/create/${TAB[type]}`,
  update: (type: FeedbackType, id: number) => `/feedback/update/${TAB[type]}/${id}`,
} as const;

/** The segments FeedbackRoute mounts under /feedback. */
export const feedbackSegments = { tab: ':tab', create: 'create/:tab', update: 'update/:tab/:id' } as const;

/** The address's tab as a type; undefined (no tab) is the first, anything unknown is null. */
export function typeOfTab(tab: string | undefined): FeedbackType | null {
  if (tab === undefined) return 'CHECK';
  const found = (Object.entries(TAB) as Array<[FeedbackType, string]>).find(([, segment]) => segment === tab);
  return found ? found[0] : null;
}
