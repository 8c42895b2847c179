import { createSettingsActors, createSettingsApi } from '../../services/settings';
import type { AppScope } from '../shared/composition';

/** The settings area's wiring for one runtime (D279), for /sale-setting and /e-order: the sale client's settings calls and its images. */
export const settingsActorsOf = ({ runtime }: AppScope) => {
  const api = createSettingsApi(runtime.clients.sale, runtime.clients.checkout);
  return { ...createSettingsActors(api), loadImage: (url: string) => api.image(url) };
};

export type SettingsWiring = ReturnType<typeof settingsActorsOf>;
