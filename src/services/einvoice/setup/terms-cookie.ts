/**
 * The `einv_term_shown` cookie (doc 2 §9): the e-invoice terms were agreed on this browser, for 365
 * days. A cookie, not storage, because the spec names it so; it holds no secret ("1").
 */
export const TERMS_COOKIE = 'einv_term_shown';
export const TERMS_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function termsShown(cookie: string = document.cookie): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${TERMS_COOKIE}=`));
}

export function rememberTermsShown(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TERMS_COOKIE}=1; Max-Age=${TERMS_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}

/** The terms PDF as a blob: URL, so the iframe shows it whatever framing the server's headers forbid. */
export async function loadTermsPdf(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`terms PDF: HTTP ${response.status}`);
  const blob = await response.blob();
  return URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
}
