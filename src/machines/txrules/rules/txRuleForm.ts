import type { TxRule, TxRuleFields } from '../../../services/txrules/schemas';

/**
 * The transaction-rule form (doc 2 §5 "Transaction rule": all four fields required for submit to be
 * enabled). The rule name is one of the merchant's stores (its id, D166); the issuing banks a
 * multi-select; card type and processing bank one each, from the service's lists.
 */
export interface TxRuleForm {
  /** The store's id as text (what the form sends as rule_name), or null before one is picked. */
  ruleName: string | null;
  cardType: string | null;
  issuers: string[];
  acquirer: string | null;
}

export type TxRuleField = 'ruleName' | 'cardType' | 'acquirer';
export type TxRuleErrors = Partial<Record<TxRuleField | 'issuers', 'required'>>;

export const EMPTY_TX_RULE_FORM: TxRuleForm = { ruleName: null, cardType: null, issuers: [], acquirer: null };

export function validateTxRule(form: TxRuleForm): TxRuleErrors {
  const errors: TxRuleErrors = {};
  if (!form.ruleName) errors.ruleName = 'required';
  if (!form.cardType) errors.cardType = 'required';
  if (form.issuers.length === 0) errors.issuers = 'required';
  if (!form.acquirer) errors.acquirer = 'required';
  return errors;
}

export const txRuleComplete = (form: TxRuleForm) => Object.keys(validateTxRule(form)).length === 0;

export function txRuleFormOf(rule: TxRule): TxRuleForm {
  return { ruleName: rule.name, cardType: rule.card_branch, issuers: [...rule.issuer], acquirer: rule.acquirer };
}

/** The request's four fields from a complete form. */
export function txRuleFields(form: TxRuleForm): TxRuleFields {
  return { rule_name: form.ruleName ?? '', card_type: form.cardType ?? '', issuer: [...form.issuers], acquirer: form.acquirer ?? '' };
}
