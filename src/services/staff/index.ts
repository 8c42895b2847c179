import type { ServiceClient } from '../http/client';
import { passwordDigest } from './password-digest';
import {
  staffDeleteAnswerSchema,
  staffListSchema,
  staffRowSchema,
  type NewStaff,
  type StaffChanges,
  type StaffPage,
  type StaffRow,
} from './schemas';

/** Staff calls (core §7 GET, POST, PUT, DELETE /staff; docs/areas/staff.md). Every answer is validated. */

export interface StaffApi {
  list(query: { page: number; pageSize: number }, signal?: AbortSignal): Promise<StaffPage>;
  get(id: number, signal?: AbortSignal): Promise<StaffRow>;
  add(staff: NewStaff, signal?: AbortSignal): Promise<StaffRow>;
  update(changes: StaffChanges, signal?: AbortSignal): Promise<StaffRow>;
  remove(id: number, signal?: AbortSignal): Promise<void>;
}

/** The PUT body: passwords only as digests, and only when both are given (core §5). */
export function updateBody(changes: StaffChanges): Record<string, unknown> {
  const { old_password: oldPassword, password, ...fields } = changes;
  if (password === undefined || password === '') return fields;
  return { ...fields, password: passwordDigest(password), ...(oldPassword ? { old_password: passwordDigest(oldPassword) } : {}) };
}

export function createStaffApi(client: ServiceClient): StaffApi {
  return {
    async list({ page, pageSize }, signal) {
      const body = await client.call({
        name: 'staff.list',
        path: '/staff',
        query: { page, page_size: pageSize },
        response: staffListSchema,
        signal,
      });
      return { rows: body.data, totalPage: body.total_page, page: body.page ?? page, pageSize: body.page_size ?? pageSize };
    },

    get(id, signal) {
      return client.data({ name: 'staff.get', path: '/staff', query: { id }, schema: staffRowSchema, signal });
    },

    add({ password, ...fields }, signal) {
      return client.data({
        name: 'staff.add',
        method: 'POST',
        path: '/staff',
        body: { ...fields, password: passwordDigest(password) },
        schema: staffRowSchema,
        signal,
      });
    },

    update(changes, signal) {
      return client.data({
        name: 'staff.update',
        method: 'PUT',
        path: '/staff',
        body: updateBody(changes),
        schema: staffRowSchema,
        signal,
      });
    },

    async remove(id, signal) {
      await client.data({ name: 'staff.delete', method: 'DELETE', path: '/staff', query: { id }, schema: staffDeleteAnswerSchema, signal });
    },
  };
}
