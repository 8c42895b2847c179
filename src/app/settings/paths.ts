/** The settings area's addresses (doc 2 §2: /sale-setting with its tab in the query, /e-order). */
export const settingsPaths = {
  saleSetting: (tab?: string) => (tab ? `/sale-setting?tab=${encodeURIComponent(tab)}` : '/sale-setting'),
  eOrder: () => '/e-order',
} as const;
