import type { ServiceClient } from '../../http/client';
import { businessProfileSchema, type BusinessProfile } from '../schemas/auth';

export function businessCall(client: ServiceClient): Promise<BusinessProfile> {
  return client.data({ name: 'business', path: '/business', schema: businessProfileSchema });
}
