import { z } from '../../config/zod-classic';
import type { ServiceClient } from '../http/client';
import {
  checkStatusSchema,
  edcDeviceSchema,
  linkableVaSchema,
  type ConnectionState,
  type EdcDevice,
  type EdcType,
  type LinkableVa,
} from './schemas';

/** Card machine calls (core §7; docs/areas/edc.md, edc). Every answer is validated. */

export interface EdcPageQuery {
  page: number;
  pageSize: number;
  /** Only POS (1) or only Soundbox (2); null for both. */
  type: EdcType | null;
}

export interface EdcPage {
  rows: EdcDevice[];
  totalPage: number;
}

export interface EdcApi {
  list(query: EdcPageQuery, signal?: AbortSignal): Promise<EdcPage>;
  activate(serialNumber: string, signal?: AbortSignal): Promise<EdcDevice>;
  integrate(input: { vaAccountNo: string; posId: string }, signal?: AbortSignal): Promise<EdcDevice>;
  checkStatus(serialNumber: string, signal?: AbortSignal): Promise<ConnectionState>;
  linkableVas(signal?: AbortSignal): Promise<LinkableVa[]>;
}

/** core §9: dropdown lists fetch up to 100,000 rows. */
export const VA_DROPDOWN_SIZE = 100_000;
/** A connection check waits on the bank asking the machine; longer than that is not worth waiting for. */
export const CHECK_STATUS_TIMEOUT_MS = 20_000;

export function createEdcApi(client: ServiceClient): EdcApi {
  return {
    async list(query, signal) {
      const page = await client.list({
        name: 'edc.list',
        path: '/metadata/edc',
        query: { page: query.page, page_size: query.pageSize, type_edc: query.type ?? undefined },
        schema: z.array(edcDeviceSchema),
        signal,
      });
      return { rows: page.data, totalPage: page.total_page };
    },
    activate(serialNumber, signal) {
      return client.data({
        name: 'edc.activate',
        method: 'PUT',
        path: '/metadata/edc/active',
        body: { serial_number: serialNumber },
        schema: edcDeviceSchema,
        signal,
      });
    },
    integrate({ vaAccountNo, posId }, signal) {
      return client.data({
        name: 'edc.integrate',
        method: 'PUT',
        path: '/map-edc-to-va',
        body: { va_account_no: vaAccountNo, pos_id: posId },
        schema: edcDeviceSchema,
        signal,
      });
    },
    async checkStatus(serialNumber, signal) {
      const answer = await client.data({
        name: 'edc.checkStatus',
        path: '/pos/check-status',
        // A serial number identifies a machine, not a person: fine in a query string.
        query: { serial_number: serialNumber },
        schema: checkStatusSchema,
        timeoutMs: CHECK_STATUS_TIMEOUT_MS,
        signal,
      });
      return answer.status;
    },
    linkableVas(signal) {
      return client.data({
        name: 'edc.linkableVas',
        path: '/metadata/list-va-to-link',
        query: { page: 1, page_size: VA_DROPDOWN_SIZE },
        schema: z.array(linkableVaSchema),
        timeoutMs: 60_000,
        signal,
      });
    },
  };
}
