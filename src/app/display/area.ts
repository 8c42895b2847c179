import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** The customer display's pages (core §2 /ecr-*, doc 2 customer display); not built yet. */
export default defineArea({
  name: 'display',
  pages: [{ path: 'ecr-slide', frame: 'plain', component: lazyPage(() => import('./EcrSlideRoute')) }],
});
