import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import '../../screens/shell/styles';
import { ProfileFailed } from '../../screens/shell/ProfileFailed';
import { Shell, type ShellProfile } from '../../screens/shell/Shell';
import { usePortal } from '../../screens/shared/portal-context';
import { isOwner } from '../../rules/roles';
import { AREA_ROUTES } from '../areas';
import { useAreaActors, useRuntime } from './composition';
import { notify } from './notify';
import { outboxOf } from './outbox';
import { OutboxSlot } from './OutboxSlot';
import { useSession, useSessionSelector } from './session-context';

// Its own chunk (socket.io, speech): the shell paints first, the bell follows a moment later.
const RealtimeSlot = lazy(() => import('../notifications/RealtimeSlot'));

/** The shell wired to the session (profile, logout), the config (flags) and storage (sidebar). */
export default function ShellFrame({ children }: { children: ReactNode }) {
  const { config, storage } = useRuntime();
  const { language, setLanguage } = usePortal();
  const session = useSession();
  const profile = useSessionSelector((s) => s.context.profile);
  const profileError = useSessionSelector((s) => s.context.profileError);
  // Loading, or looking for the profile kept for an offline start (D367): not failed yet.
  const profileLoading = useSessionSelector((s) => s.hasTag('profilePending'));
  const [collapsed, setCollapsed] = useState(() => storage.readSidebarCollapsed());
  const onCollapsedChange = useCallback(
    (next: boolean) => {
      storage.writeSidebarCollapsed(next);
      setCollapsed(next);
    },
    [storage],
  );
  // Stable props, so the (memoised) shell is redrawn only when what it shows changes, not at every
  // session update on the way in (it was drawn 9 times while the dashboard opened: total blocking time).
  const shellProfile: ShellProfile | null = useMemo(
    () =>
      profile
        ? {
            merchantName: profile.merchant.name,
            accountType: profile.account_type,
            isFnb: profile.merchant.is_fnb,
            owner: isOwner(profile.role),
            salesperson: profile.merchant.saleperson,
          }
        : null,
    [profile],
  );
  const outboxes = useAreaActors(outboxOf);
  // D340: a sign-out while the till's queue holds orders or cash payments is refused with the count,
  // so nothing taken offline is left behind unnoticed (the queue itself survives a sign-out anyway).
  const onLogout = useCallback(() => {
    const waiting = outboxes.current()?.actor.getSnapshot().context.waiting ?? 0;
    if (waiting > 0) notify.warning({ title: 'shell:outbox.logoutBlocked', values: { count: waiting } });
    else session.send({ type: 'LOGOUT', reason: 'user' });
  }, [session, outboxes]);
  const topBarSlot = useMemo(
    () => (
      <Suspense fallback={null}>
        <RealtimeSlot />
      </Suspense>
    ),
    [],
  );

  return (
    <Shell
      areas={AREA_ROUTES}
      features={config.features}
      profile={shellProfile}
      profilePending={profile === null && (profileError === null || profileLoading)}
      collapsed={collapsed}
      onCollapsedChange={onCollapsedChange}
      language={language}
      onLanguageChange={setLanguage}
      onLogout={onLogout}
      topBarSlot={topBarSlot}
    >
      {profile === null && profileError !== null && !profileLoading ? (
        <ProfileFailed code={profileError} onRetry={() => session.send({ type: 'PROFILE.RELOAD' })} />
      ) : (
        <>
          <OutboxSlot />
          {children}
        </>
      )}
    </Shell>
  );
}
