import { lazyPage } from '../shared/lazy-page';
import { defineArea } from '../shared/define-area';

/** /inspector: every machine drawn, live actors of this browser's tabs (only with features.inspector). */
export default defineArea({
  name: 'inspector',
  pages: [{ path: 'inspector', frame: 'plain', requires: 'inspector', component: lazyPage(() => import('./InspectorRoute')) }],
});
