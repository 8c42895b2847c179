import { createInvoicesActors, createInvoicesApi } from '../../services/invoices';
import type { AppScope } from '../shared/composition';

/** The invoices area's wiring for one runtime (D279): the sale client's invoice calls. */
export const invoicesActorsOf = ({ runtime }: AppScope) => createInvoicesActors(createInvoicesApi(runtime.clients.sale));
