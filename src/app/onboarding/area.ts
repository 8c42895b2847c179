import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/**
 * /sale-register (doc 2 §2 "Onboarding of the sales feature"): turning the sales feature on and the
 * first settings; owner only (D87: the register calls are the owner's), first in the sales section
 * behind `ecom` (D171).
 */
export default defineArea({
  name: 'onboarding',
  inspector: {
    machines: ['saleOnboarding'],
    // The plan and the step's state; never the website, address, hotline or the code typed.
    // The shared forms' bookkeeping (D283, D284): form, codeForm; their values stay masked.
    fields: ['subscription', 'is_active', 'plan', 'form', 'codeForm', 'showErrors', 'saveError', 'refusals', 'field', 'loadError'],
  },
  entries: [
    {
      path: 'sale-register',
      labelKey: 'nav.saleRegister',
      flag: 'ecom',
      ownerOnly: true,
      menu: { section: 'sales', order: 0 },
      route: lazyPage(() => import('./OnboardingRoute')),
    },
  ],
});
