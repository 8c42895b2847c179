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
