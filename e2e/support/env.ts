/** Where the sandbox of this run listens (set by playwright.config.ts, inherited by workers). */
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '5290'}`;

/** Demo sign-ins seeded by the sandbox (README). */
export const DEMO = {
  phoco: { username: 'phoco', password: 'Phoco@2026' },
  staff: { username: 'phoco.staff', password: 'Staff@2026' },
  colan: { username: 'colan', password: 'Colan@2026' },
} as const;

/** Portal paths (everything sits under /portal, core §2). */
export const P = (path: string): string => `/portal${path.startsWith('/') ? path : `/${path}`}`;
