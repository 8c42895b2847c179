import { defineArea } from '../shared/define-area';

/** Electronic invoices: /e-invoice and /e-inv-setting (doc 2 §2). Not built yet: its pages say so. */
export default defineArea({
  name: 'einvoice',
  entries: [
    { path: 'e-invoice', labelKey: 'nav.einvoiceList', flag: 'einvoice', nested: true, menu: { section: 'einvoice', order: 1 } },
    { path: 'e-inv-setting', labelKey: 'nav.einvoiceSetting', flag: 'einvoice', nested: true, menu: { section: 'einvoice', order: 2 } },
  ],
});
