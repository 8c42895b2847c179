import type { ReactNode } from 'react';
import { isOwner } from '../../rules/roles';
import { LoadingScreen } from '../../screens/shared/LoadingScreen';
import { OwnerOnlyPage } from '../../screens/shared/OwnerOnlyNote';
import { useSessionSelector } from './session-context';

/**
 * D87 for a route: true for the owner (role Customer), false for a staff-type user, null while the
 * profile (GET /user/info) is not there yet, so an owner never sees controls vanish and come back.
 */
export function useOwner(): boolean | null {
  return useSessionSelector((s) => (s.context.profile ? isOwner(s.context.profile.role) : null));
}

/**
 * A page that only changes things (an add form): the owner gets it; a staff-type user gets the note
 * instead, and its machine never starts (nothing to load, nothing the service would refuse).
 */
export function OwnerGate({ title, children }: { title: string; children: ReactNode }) {
  const owner = useOwner();
  if (owner === null) return <LoadingScreen />;
  return owner ? children : <OwnerOnlyPage title={title} />;
}
