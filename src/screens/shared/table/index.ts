export {
  DataTable,
  Pagination,
  PageSizeInput,
  type DataColumn,
  type DataTableProps,
  type SortState,
  type SortDirection,
} from './DataTable';
export { StatusBadge, statusLabel, statusLabels } from './StatusBadge';
export { StatusFilter } from './StatusFilter';
export { StoreFilter, type StoreOption } from './StoreFilter';
export { LookupSelect, type LookupOption, type LookupSelectTexts } from './LookupSelect';
export { BillSearch } from './BillSearch';
export { TimeRangeFilter, type TimeFilterValue } from './TimeRangeFilter';
export * from './format';
export * from './time-range';
export * from './status';
export { pageItems, type PageItem } from './pagination';
export { foldText } from './fold';
