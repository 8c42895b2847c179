import { createCategoriesActors, createCategoriesApi } from '../../services/categories';
import type { AppScope } from '../shared/composition';

/** The categories area's wiring for one runtime (D279): the sale client's category calls. */
export const categoriesActorsOf = ({ runtime }: AppScope) => createCategoriesActors(createCategoriesApi(runtime.clients.sale));
