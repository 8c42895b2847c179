import { MACHINE_CATALOGUE } from '../catalogue';
import { InspectorScreen } from '../../screens/inspector/InspectorScreen';
import type { InspectorChannel } from '../../screens/inspector/types';
import { INSPECTOR_CHANNEL } from '../../services/shared/inspection';

const openChannel = (): InspectorChannel | null =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(INSPECTOR_CHANNEL);

/** /inspector, registered only with features.inspector (see router.tsx for why no sign-in). */
export default function InspectorRoute() {
  return <InspectorScreen machines={MACHINE_CATALOGUE} openChannel={openChannel} />;
}
