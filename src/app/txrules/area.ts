import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * /setting-tx, /setting-tx/create, /setting-tx/update?id= (doc 2 §2, §3 Transaction rule): card
 * transaction routing rules; owner only (D87), in the sales section behind `ecom` (D167).
 */
export default defineArea({
  name: 'txrules',
  inspector: {
    machines: ['txRuleList', 'txRuleForm'],
    // Rule fields name stores, brands and banks (no person, no secret); the form's choices are shown.
    fields: [
      'ruleName',
      'cardType',
      'issuers',
      'acquirer',
      'form',
      'values',
      'saveError',
      'refusals',
      'field',
      'submitError',
      'loadError',
      'deleteError',
      'synced_at',
      'card_branch',
    ],
  },
  entries: [
    {
      path: 'setting-tx',
      labelKey: 'nav.settingTx',
      flag: 'ecom',
      ownerOnly: true,
      nested: true,
      menu: { section: 'sales', order: 9 },
      route: lazyPage(() => import('./TxRulesRoute')),
    },
  ],
});
