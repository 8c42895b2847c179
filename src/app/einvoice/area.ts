import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** Electronic invoices (doc 2 §2): the list, the setup, declarations, templates, onboarding and the SSO consent page. */
export default defineArea({
  name: 'einvoice',
  inspector: {
    machines: [
      'einvoiceSetup',
      'serialVat',
      'einvoiceList',
      'invoicePdf',
      'invoiceSign',
      'ssoLink',
      'ssoConsent',
      'declarationList',
      'templateSetup',
      'einvoiceOnboarding',
      'invoiceCorrect',
    ],
    // Not shown: the search boxes (a buyer's name or tax code), the rows (buyers), the PDF bytes, the tax
    // code (taxNo), the popup handle, the setup's typed values (password) and stored settings (user name).
    fields: [
      'today',
      'provider',
      'signed',
      'shown',
      'refresh',
      'linked',
      'signedIn',
      'owner',
      'outcome',
      'approved',
      'filter',
      'templateId',
      'type',
      'logoProblem',
      'showErrors',
      // The shared form's bookkeeping (D283, D284); its values stay masked.
      'form',
      'saveError',
      'refusals',
      'field',
      'plan',
      'method',
      'termsAccepted',
      'ssoLinked',
      'autoExport',
      'printInvoice',
      'declaration',
      'errorCode',
      'vat',
    ],
  },
  entries: [
    {
      path: 'e-invoice',
      labelKey: 'nav.einvoiceList',
      flag: 'einvoice',
      nested: true,
      menu: { section: 'einvoice', order: 1 },
      route: lazyPage(() => import('./list/EinvoiceListRoute')),
    },
    {
      path: 'e-inv-setting',
      labelKey: 'nav.einvoiceSetting',
      flag: 'einvoice',
      nested: true,
      // D87: the setting calls (save, cancel) are the owner's; staff get the owner-only note.
      ownerOnly: true,
      menu: { section: 'einvoice', order: 2 },
      route: lazyPage(() => import('./setup/EinvoiceSetupRoute')),
    },
    // Reachable by address and from the e-invoice pages; the spec's menu has only the two above.
    {
      path: 'e-inv-declaration',
      labelKey: 'nav.einvoiceDeclaration',
      flag: 'einvoice',
      nested: false,
      route: lazyPage(() => import('./declaration/DeclarationRoute')),
    },
    {
      path: 'e-inv-onboarding',
      labelKey: 'nav.einvoiceOnboarding',
      flag: 'einvoice',
      nested: false,
      route: lazyPage(() => import('./onboarding/OnboardingRoute')),
    },
    {
      path: 'e-inv-template',
      labelKey: 'nav.einvoiceTemplate',
      flag: 'einvoice',
      nested: false,
      route: lazyPage(() => import('./template/TemplateRoute')),
    },
  ],
  pages: [
    // The SSO consent page the provider's authorize step opens in the linking popup (no chrome, doc 2 §2).
    { path: 'login-merchant-account', frame: 'plain', component: lazyPage(() => import('./sso/ConsentRoute')) },
  ],
});
