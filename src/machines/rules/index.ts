export { isFilled } from './required';
export { isValidEmail, EMAIL_MAX_LENGTH } from './email';
export {
  checkNewPassword,
  passwordsMatch,
  NEW_PASSWORD_RULES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  type NewPasswordCheck,
  type NewPasswordRule,
} from './newPassword';
export { maskEmail } from './maskEmail';
export { visibleText } from './text';
export { presetRange, customRange, validateCustomRange, rangeOf, rangeToUnixSeconds, MAX_CUSTOM_RANGE_MS, type MsRange, type CustomRangeError } from './timeRange';
export { vnWallClock, formatVnDateTime, formatVnDate, vnToday, vnDayStart, parseVnDate, VN_OFFSET_MS, DAY_MS } from './vnTime';
export { percentChange, sharePercent } from './percentChange';
export { formatVnd, formatVndNumber } from './vnd';
export { statusColour, type StatusColour } from './transactionStatus';
export { defaultFilters, sanitizeFilters, parsePageSize, cleanBillSearch, isStatusFilter, isTimeRange } from './reportFilters';
export { filtersFromSearchParams, filtersToSearchParams } from './reportUrl';
