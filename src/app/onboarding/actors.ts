import { createOnboardingActors, createOnboardingApi } from '../../services/onboarding';
import type { AppScope } from '../shared/composition';

/** The onboarding area's wiring for one runtime (D279): the sale client's onboarding calls. */
export const onboardingActorsOf = ({ runtime }: AppScope) => createOnboardingActors(createOnboardingApi(runtime.clients.sale));
