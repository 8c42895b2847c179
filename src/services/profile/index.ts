import { fromPromise } from 'xstate';
import type { ServiceClient } from '../http/client';
import { businessProfileSchema, type BusinessProfile } from '../shared/schemas/auth';

/** GET /business (core §7): the business profile the bank holds, validated like every answer. */
export interface ProfileApi {
  business(signal?: AbortSignal): Promise<BusinessProfile>;
}

export function createProfileApi(client: ServiceClient): ProfileApi {
  return {
    business: (signal) => client.data({ name: 'profile.business', path: '/business', schema: businessProfileSchema, signal }),
  };
}

/** The profile machine's actor; it passes the machine's signal on, so leaving the page stops the request. */
export function createProfileActors(api: ProfileApi) {
  return {
    loadBusiness: fromPromise<BusinessProfile, void>(({ signal }) => api.business(signal)),
  };
}
