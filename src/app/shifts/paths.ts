/** The shifts area's address (D304): /shift, the store chosen in `?store_id=`. */
export const shiftPaths = {
  page: (storeId?: number) => (storeId === undefined ? '/shift' : `/shift?store_id=${storeId}`),
} as const;
