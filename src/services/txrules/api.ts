import type { ServiceClient } from '../http/client';
import {
  nameListSchema,
  txRuleDeletedSchema,
  txRuleListSchema,
  txRuleSchema,
  txRuleSyncedSchema,
  type TxRule,
  type TxRuleChoices,
  type TxRuleFields,
  type TxRulePage,
} from './schemas';

export type { TxRuleChoices, TxRulePage };

/**
 * Transaction-rule calls on the portal service (doc 2 §7; docs/areas/txrules.md, D166): the paths and
 * odd shapes as the spec gives them (PUT with the fields in the query, /metadata/list-accquire).
 * Every answer is validated.
 */

export interface TxRulesApi {
  list(query: { page: number; pageSize: number }, signal?: AbortSignal): Promise<TxRulePage>;
  /** One rule (GET /metadata/rule?id=); null when it is not there (deleted, or another merchant's). */
  get(id: number, signal?: AbortSignal): Promise<TxRule | null>;
  create(fields: TxRuleFields, signal?: AbortSignal): Promise<TxRule>;
  update(id: number, fields: TxRuleFields, signal?: AbortSignal): Promise<TxRule>;
  remove(id: number, signal?: AbortSignal): Promise<void>;
  sync(signal?: AbortSignal): Promise<void>;
  choices(signal?: AbortSignal): Promise<TxRuleChoices>;
}

export function createTxRulesApi(client: ServiceClient): TxRulesApi {
  const names = (name: string, path: string, signal?: AbortSignal) => client.data({ name, path, schema: nameListSchema, signal });
  return {
    async list({ page, pageSize }, signal) {
      const body = await client.list({
        name: 'txrules.list',
        path: '/metadata/rule',
        query: { page, page_size: pageSize },
        schema: txRuleListSchema,
        signal,
      });
      return { rows: body.data, totalPage: body.total_page };
    },
    async get(id, signal) {
      const body = await client.list({ name: 'txrules.get', path: '/metadata/rule', query: { id }, schema: txRuleListSchema, signal });
      return body.data.find((rule) => rule.id === id) ?? null;
    },
    create: (fields, signal) =>
      client.data({ name: 'txrules.create', method: 'POST', path: '/metadata/rule', body: { ...fields }, schema: txRuleSchema, signal }),
    // doc 2 §7: the fields travel in the query; the issuing banks joined by commas (no bank name has one).
    update: (id, fields, signal) =>
      client.data({
        name: 'txrules.update',
        method: 'PUT',
        path: '/metadata/rule',
        query: { id, rule_name: fields.rule_name, card_type: fields.card_type, issuer: fields.issuer.join(','), acquirer: fields.acquirer },
        schema: txRuleSchema,
        signal,
      }),
    async remove(id, signal) {
      await client.data({
        name: 'txrules.delete',
        method: 'DELETE',
        path: '/metadata/rule',
        query: { id },
        schema: txRuleDeletedSchema,
        signal,
      });
    },
    async sync(signal) {
      await client.data({ name: 'txrules.sync', method: 'POST', path: '/metadata/rule/sync', schema: txRuleSyncedSchema, signal });
    },
    async choices(signal) {
      const [cardTypes, issuers, acquirers] = await Promise.all([
        names('txrules.cardTypes', '/metadata/list-card-type', signal),
        names('txrules.issuers', '/metadata/list-issuer', signal),
        names('txrules.acquirers', '/metadata/list-accquire', signal),
      ]);
      return { cardTypes, issuers, acquirers };
    },
  };
}
