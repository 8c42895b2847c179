import type { SnapshotFrom } from 'xstate';
import type { saleOnboardingMachine, WizardStep } from './saleOnboarding.machine';
import { categoryError, pointError, websiteError } from './rules/wizard';

/** What the onboarding screen reads from its machine (tags and context, never state names). */

type Snapshot = SnapshotFrom<typeof saleOnboardingMachine>;

export type OnboardingView = 'loading' | 'failed' | 'plans' | 'wizard' | 'success';

export function selectView(s: Snapshot): OnboardingView {
  if (s.hasTag('failed')) return 'failed';
  if (s.hasTag('plans')) return 'plans';
  if (s.hasTag('success') || s.status === 'done') return 'success';
  if (s.hasTag('wizard')) return 'wizard';
  return 'loading';
}

export function selectStep(s: Snapshot): WizardStep | null {
  if (s.hasTag('website')) return 'website';
  if (s.hasTag('points')) return 'points';
  if (s.hasTag('category')) return 'category';
  return null;
}

export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectCodePopupOpen = (s: Snapshot) => s.hasTag('codePopup');
export const selectSkipping = (s: Snapshot) => s.hasTag('skipping');
export const selectCode = (s: Snapshot) => s.context.code;
export const selectCodeError = (s: Snapshot) => s.context.codeError;
export const selectCanApplyCode = (s: Snapshot) => s.context.code.trim() !== '' && !s.hasTag('busy');
export const selectLoadError = (s: Snapshot) => s.context.loadError;
export const selectSaveError = (s: Snapshot) => s.context.saveError;
export const selectProfile = (s: Snapshot) => ({ address: s.context.address, hotline: s.context.hotline });
export const selectWebsite = (s: Snapshot) => s.context.website;
export const selectPoints = (s: Snapshot) => s.context.points;
export const selectCategory = (s: Snapshot) => s.context.category;
export const selectPlan = (s: Snapshot) => s.context.subscription?.plan ?? null;

/** The current step's field message (a key of the onboarding namespace), once Next was pressed. */
export function selectFieldError(s: Snapshot): string | null {
  if (!s.context.showErrors) return null;
  if (s.hasTag('website')) return websiteError(s.context.website);
  if (s.hasTag('points')) return pointError(s.context.points);
  if (s.hasTag('category')) return categoryError(s.context.category);
  return null;
}
