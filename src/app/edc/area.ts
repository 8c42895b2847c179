import { lazy } from 'react';
import { defineArea } from '../shared/define-area';

/** Card machines and Soundbox at /edc (core §2 devices). */
export default defineArea({
  name: 'edc',
  // Context and event fields its machines may show in the inspector (everything else is masked).
  inspectorFields: ['type', 'rows', 'openSerial', 'serial_number', 'serialNumber', 'checkOnStart', 'polling', 'posId', 'chosenVa', 'refused', 'device', 'device_type'],
  entries: [
    {
      path: 'edc',
      labelKey: 'nav.edc',
      flag: 'edc',
      nested: true,
      menu: { section: 'edc', order: 1 },
      route: lazy(() => import('./EdcRoute')),
    },
  ],
});
