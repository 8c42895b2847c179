/** The dashboard's address (core §2): where sign-in lands and `/` leads. */
export const dashboardPaths = {
  home: () => '/dashboard',
} as const;
