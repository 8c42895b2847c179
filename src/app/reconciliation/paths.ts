/** The reconciliation page's address (D309): the store and the Vietnam day in the query. */
export const reconciliationPaths = {
  day: (storeId: number | null, day: string) =>
    `/reconciliation?${new URLSearchParams({ ...(storeId === null ? {} : { store_id: String(storeId) }), day })}`,
} as const;
