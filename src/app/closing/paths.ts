/** The Z report's address (D306): /z-report, the scope in the query (a store and a day, or a shift). */
export const closingPaths = {
  day: (storeId: number, date: string) => `/z-report?store_id=${storeId}&date=${date}`,
  shift: (shiftId: number) => `/z-report?shift_id=${shiftId}`,
  page: () => '/z-report',
} as const;
