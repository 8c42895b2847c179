import { z } from '../../config/zod-classic';

/**
 * Card-transaction routing rules (doc 2 §3 Transaction rule, §7 portal service /metadata/rule;
 * docs/areas/txrules.md, D166). A rule says: at this store, cards of this brand issued by these banks
 * go to this processing bank. Banks and brands are names (strings), as the spec's lists give them.
 */

/** At most this many issuing banks in one rule (the sandbox's bank list is shorter). */
export const TX_RULE_MAX_ISSUERS = 50;

/** One rule as GET /metadata/rule answers it. `name` is the store id the form sends as rule_name. */
export const txRuleSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  display_name: z.string(),
  store_name: z.string(),
  card_branch: z.string(),
  issuer: z.array(z.string()),
  acquirer: z.string(),
  logo: z.object({
    card_branch: z.string(),
    issuer: z.array(z.string()),
    acquirer: z.string(),
  }),
  /** Unix seconds of the last POST /metadata/rule/sync that pushed it; null: changed since. */
  synced_at: z.number().int().nullable(),
});
export type TxRule = z.infer<typeof txRuleSchema>;

export const txRuleListSchema = z.array(txRuleSchema);

/** GET /metadata/list-card-type, /metadata/list-accquire, /metadata/list-issuer: `{data: string[]}`. */
export const nameListSchema = z.array(z.string());

/** DELETE /metadata/rule?id= answers `{message, data: {id}}` (the spec: "delete by id returns message"). */
export const txRuleDeletedSchema = z.object({ id: z.number().int().positive() });

/** POST /metadata/rule/sync answers `{data: 'success'}`. */
export const txRuleSyncedSchema = z.literal('success');

/** The form's four fields as sent (POST body; PUT query, issuer joined by commas). */
export interface TxRuleFields {
  /** The store's id, as text (the spec's "rule name", chosen from the merchant's stores). */
  rule_name: string;
  card_type: string;
  issuer: string[];
  acquirer: string;
}

export const TX_RULE_FIELDS = ['rule_name', 'card_type', 'issuer', 'acquirer'] as const;

export interface TxRulePage {
  rows: TxRule[];
  totalPage: number;
}

/** The form's choices: the three name lists of doc 2 §7 (the stores come from the shared lookup). */
export interface TxRuleChoices {
  cardTypes: string[];
  issuers: string[];
  acquirers: string[];
}
