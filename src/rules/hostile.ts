/** Shared hostile inputs for the validator tests. */
export const LONG = 'a'.repeat(10_000);
export const ZERO_WIDTH = '\u200B\u200C\u200D\u2060\uFEFF';
export const SCRIPT = '<script>alert(1)</script>';
export const EMOJI = '🔒💳';
export const VIETNAMESE = 'Mật khẩu';
