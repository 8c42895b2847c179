import { defineArea } from '../shared/define-area';

/** /pay-by-link (doc 2 Pay by Link). Not built yet: its page says so. */
export default defineArea({
  name: 'paylink',
  entries: [{ path: 'pay-by-link', labelKey: 'nav.payByLink', flag: 'payByLink', nested: true, menu: { section: 'payByLink', order: 1 } }],
});
