import { lazy } from 'react';
import { defineArea } from '../shared/define-area';

/** Card machines and Soundbox at /edc (core §2 devices). */
export default defineArea({
  name: 'edc',
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
