import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon, NotBuiltYet } from '../../screens/shared/PlaceholderPage';
import { NotFound } from '../../screens/shared/NotFound';
import { OwnerOnlyPage } from '../../screens/shared/OwnerOnlyNote';
import { isOwner } from '../../rules/roles';
import { LoadingScreen } from '../../screens/shared/LoadingScreen';
import { areaLabelKey, isAreaAllowed, isAreaEnabled } from '../../screens/shell/areas';
import { findAreaRoute } from '../areas';
import { useAreaActors, useRuntime, type AreaFactory } from './composition';
import { useSessionSelector } from './session-context';

/**
 * One area of the shell. A flag that is off makes the address "not found" (the menu hides it too);
 * the F&B-only table list waits for the profile to know. An area with a route shows it; one
 * declared without a route yet says "not built yet". An owner-only page (D87) opened by a staff-type
 * user says it is the owner's instead of showing a list the service would refuse.
 */
// Only the page drawn with the shell on a (re)load waits a turn; later pages open directly. The mark
// is per runtime (the app scope, D279) and set after the page is drawn, not during render.
const shellMark: AreaFactory<{ drawn: boolean }> = () => ({ drawn: false });

export default function AreaPage({ areaPath }: { areaPath: string }) {
  const { t } = useTranslation('shell');
  // On a (re)load the shell and the first page would be one long task on a phone: the page follows in
  // a second, interruptible render (total blocking time).
  const mark = useAreaActors(shellMark);
  const [waitsForShell] = useState(() => !mark.drawn);
  useEffect(() => {
    mark.drawn = true;
  }, [mark]);
  const shellReady = useDeferredValue(true, !waitsForShell);
  const { features } = useRuntime().config;
  const profile = useSessionSelector((s) => s.context.profile);
  const area = findAreaRoute(areaPath);
  if (!area) return <NotFound signedIn />;
  if ((area.fnbOnly || area.ownerOnly) && !profile) return <LoadingScreen />;
  if (!isAreaEnabled(area, features, profile?.merchant.is_fnb ?? false)) return <NotFound signedIn />;
  const name = t(areaLabelKey(area, profile?.account_type));
  if (!isAreaAllowed(area, isOwner(profile?.role))) return <OwnerOnlyPage title={name} />;
  if (area.flag === 'feedback' && features.feedbackComingSoon) return <ComingSoon area={name} />;
  const Built = area.route;
  if (Built && !shellReady) return <LoadingScreen />;
  if (Built) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Built />
      </Suspense>
    );
  }
  return <NotBuiltYet area={name} />;
}
