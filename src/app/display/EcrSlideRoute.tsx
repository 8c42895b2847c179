import { NotBuiltYet } from '../../screens/shared/PlaceholderPage';

/** Public, chrome-less customer display (core §2); not built yet. */
export default function EcrSlideRoute() {
  return <NotBuiltYet area="ECR" />;
}
