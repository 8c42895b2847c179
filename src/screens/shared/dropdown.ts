/**
 * core §9: every dropdown opens at most 216 px high, whatever its list. Mantine's Select defaults to
 * 250, so each Select passes `maxDropdownHeight={DROPDOWN_MAX_HEIGHT}`; the virtualised LookupSelect
 * sizes its window with it. `src/screens/shared/dropdown.test.ts` fails on a dropdown that does not.
 */
export const DROPDOWN_MAX_HEIGHT = 216;
