import { lazy } from 'react';
import { defineArea } from '../shared/define-area';

/** The customer display's pages (core §2 /ecr-*, doc 2 customer display); not built yet. */
export default defineArea({
  name: 'display',
  pages: [{ path: 'ecr-slide', frame: 'plain', component: lazy(() => import('./EcrSlideRoute')) }],
});
