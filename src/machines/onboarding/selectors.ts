import type { SnapshotFrom } from 'xstate';
import type { saleOnboardingMachine, WizardStep } from './saleOnboarding.machine';
import { wizardFormKit } from './saleOnboarding.machine';

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
export const selectCodeForm = (s: Snapshot) => s.context.codeForm;
export const selectCodeError = (s: Snapshot) => s.context.codeForm.saveError;
export const selectCanApplyCode = (s: Snapshot) => s.context.codeForm.values.code.trim() !== '' && !s.hasTag('busy');
export const selectLoadError = (s: Snapshot) => s.context.loadError;
export const selectSaveError = (s: Snapshot) => s.context.form.saveError;
export const selectWizardForm = (s: Snapshot) => s.context.form;
export const selectProfile = (s: Snapshot) => ({ address: s.context.address, hotline: s.context.hotline });
export const selectPlan = (s: Snapshot) => s.context.subscription?.plan ?? null;

/** The current step's field message (a key of the onboarding namespace), once Next was pressed. */
export function selectFieldError(s: Snapshot): string | null {
  const step = selectStep(s);
  if (!s.context.form.showErrors || step === null) return null;
  return wizardFormKit.errors(s.context.form.values)[step === 'points' ? 'points' : step] ?? null;
}
