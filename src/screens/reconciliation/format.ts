/** The formats the reconciliation screen shows: đồng with separators, Vietnam date and time. */
export { formatVnd } from '../../rules/vnd';
export { formatVnDateTime, vnToday } from '../../rules/vnTime';
