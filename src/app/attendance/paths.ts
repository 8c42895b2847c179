/** The attendance area's address (doc 2 §2 leaves the route open; D137: /attendance). */
export const attendancePaths = {
  list: (search = '') => (search ? `/attendance?${search}` : '/attendance'),
} as const;
