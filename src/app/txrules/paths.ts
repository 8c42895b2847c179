/** The txrules area's addresses (doc 2 §2: /setting-tx, /setting-tx/create, /setting-tx/update); routes and links use these. */
export const txRulePaths = {
  list: () => '/setting-tx',
  create: () => '/setting-tx/create',
  update: (id: number) => `/setting-tx/update?id=${encodeURIComponent(String(id))}`,
} as const;

/** The segments TxRulesRoute mounts under txRulePaths.list(). */
export const txRuleSegments = { create: 'create', update: 'update' } as const;
