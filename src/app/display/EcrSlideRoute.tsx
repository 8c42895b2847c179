import { NotBuiltYet } from '../../screens/shared/PlaceholderPage';
import { PlainPage } from '../PlainPage';

/** Public, chrome-less customer display (core §2); not built yet. */
export default function EcrSlideRoute() {
  return (
    <PlainPage>
      <NotBuiltYet area="ECR" />
    </PlainPage>
  );
}
