/** The staff area's addresses (core §2 Business info: /staff, /staff/add, /staff/update?id=); routes and links use these. */
export const staffPaths = {
  list: () => '/staff',
  add: () => '/staff/add',
  update: (id: number) => `/staff/update?id=${encodeURIComponent(String(id))}`,
} as const;

/** The segments StaffRoute mounts under staffPaths.list(). */
export const staffSegments = { add: 'add', update: 'update' } as const;
