import { useMemo } from 'react';
import { useActorRef } from '@xstate/react';
import { businessProfileMachine } from '../../machines/profile/businessProfile.machine';
import { createProfileActors, createProfileApi } from '../../services/profile';
import { ProfileScreen } from '../../screens/profile/ProfileScreen';
import { useRuntime } from '../shared/composition';
import { useSessionSelector } from '../shared/session-context';

/**
 * /profile (core §2 Business info): the profile machine on the portal client; the wording follows
 * the account type of the session's profile (core §1). Open to staff-type users too (D87).
 */
export default function ProfileRoute() {
  const { inspect, clients } = useRuntime();
  const accountType = useSessionSelector((s) => s.context.profile?.account_type);
  const logic = useMemo(() => {
    const { loadBusiness } = createProfileActors(createProfileApi(clients.portal));
    return businessProfileMachine.provide({ actors: { loadBusiness } });
  }, [clients]);
  const actor = useActorRef(logic, { inspect });
  return <ProfileScreen actor={actor} accountType={accountType} />;
}
