import { createCustomersActors, createCustomersApi } from '../../services/customers';
import { createAddressApi } from '../../services/shared/address/api';
import type { AppScope } from '../shared/composition';

/** The customers area's wiring for one runtime (D279): the sale client's customer calls, the portal client's /region/* lists. */
export const customersActorsOf = ({ runtime }: AppScope) =>
  createCustomersActors(createCustomersApi(runtime.clients.sale), createAddressApi(runtime.clients.portal));
