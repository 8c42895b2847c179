/** The onboarding area's address (doc 2 §2: /sale-register); routes and links use it. */
export const onboardingPaths = {
  register: () => '/sale-register',
} as const;
