import { createProductsActors, createProductsApi } from '../../services/products';
import type { AppScope } from '../shared/composition';

/** The products area's wiring for one runtime (D279): the sale client's product calls and its images. */
export const productsActorsOf = ({ runtime }: AppScope) => {
  const api = createProductsApi(runtime.clients.sale);
  return { ...createProductsActors(api), loadImage: (url: string) => api.image(url) };
};
