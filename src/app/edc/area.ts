import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** Card machines and Soundbox at /edc (core §2 devices). */
export default defineArea({
  name: 'edc',
  inspector: {
    machines: ['edcList', 'edcIntegrate', 'soundboxActivation', 'connectionCheck'],
    // Context and event fields these machines may show (everything else is masked).
    fields: [
      'type',
      'rows',
      'openSerial',
      'serial_number',
      'serialNumber',
      'checkOnStart',
      'polling',
      'posId',
      'chosenVa',
      'refused',
      'device',
      'device_type',
    ],
  },
  entries: [
    {
      path: 'edc',
      labelKey: 'nav.edc',
      flag: 'edc',
      nested: true,
      menu: { section: 'edc', order: 1 },
      route: lazyPage(() => import('./EdcRoute')),
    },
  ],
});
