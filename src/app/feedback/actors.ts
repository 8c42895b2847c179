import { createFeedbackApi } from '../../services/feedback';
import { createFeedbackActors } from '../../services/feedback/actors';
import type { AppScope } from '../shared/composition';

/** The feedback area's wiring for one runtime (D279): the portal client's feedback calls (same session) and its images. */
export const feedbackActorsOf = ({ runtime }: AppScope) => {
  const api = createFeedbackApi(runtime.clients.portal);
  return { ...createFeedbackActors(api), loadImage: (url: string) => api.image(url) };
};
