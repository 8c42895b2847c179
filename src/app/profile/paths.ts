/** The business profile's address (core §2 Business info). */
export const profilePaths = {
  profile: () => '/profile',
} as const;
