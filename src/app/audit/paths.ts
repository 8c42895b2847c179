/** The audit log's address (D300). */
export const auditPaths = {
  list: (search = '') => (search ? `/audit-log?${search}` : '/audit-log'),
} as const;
