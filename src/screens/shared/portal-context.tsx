import { createContext, useContext } from 'react';
import type { AppConfig } from '../../config';

export type Language = 'vi' | 'en';

/** What every screen may read from the composition root, without importing app/ or services/. */
export interface PortalEnvironment {
  config: AppConfig;
  language: Language;
  setLanguage: (language: Language) => void;
}

export const PortalContext = createContext<PortalEnvironment | null>(null);

export function usePortal(): PortalEnvironment {
  const env = useContext(PortalContext);
  if (!env) throw new Error('usePortal outside <PortalContext.Provider> (src/app provides it)');
  return env;
}
