/**
 * The provider's merchant-account window (doc 2 §4 SSO link, §9: 460×600). A handle, not the window:
 * the machine keeps it in its context and only the route's actors and actions touch it.
 */
export interface PopupHandle {
  /** The user (or the consent page's window.close()) closed it. */
  closed(): boolean;
  close(): void;
  focus(): void;
}

export interface PopupOpener {
  (url: string, name: string, features: string): Pick<Window, 'closed' | 'close' | 'focus'> | null;
}

export const SSO_POPUP_WIDTH = 460;
export const SSO_POPUP_HEIGHT = 600;
export const SSO_POPUP_NAME = 'einvoice-sso';

/** Centred over the portal's window where the browser says where that is. */
export function popupFeatures(
  width: number,
  height: number,
  host?: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>,
): string {
  const parts = [`width=${width}`, `height=${height}`, 'popup=yes'];
  if (host && Number.isFinite(host.outerWidth) && host.outerWidth > 0) {
    const left = Math.max(0, Math.round(host.screenX + (host.outerWidth - width) / 2));
    const top = Math.max(0, Math.round(host.screenY + (host.outerHeight - height) / 2));
    parts.push(`left=${left}`, `top=${top}`);
  }
  return parts.join(',');
}

/**
 * Opens `url` in a popup. Null when the browser blocked it (window.open answers null). Without
 * `noopener` on purpose: with it window.open always answers null, so the portal could neither tell
 * a blocked popup nor see it close (D198).
 */
export function openPopup(
  url: string,
  width: number,
  height: number,
  opener: PopupOpener = (u, n, f) => window.open(u, n, f),
  host: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'> | undefined = typeof window === 'undefined' ? undefined : window,
): PopupHandle | null {
  let win: ReturnType<PopupOpener>;
  try {
    win = opener(url, SSO_POPUP_NAME, popupFeatures(width, height, host));
  } catch {
    // Some blockers throw instead of answering null: the same situation for the user.
    return null;
  }
  if (!win) return null;
  return {
    closed: () => {
      try {
        return win.closed;
      } catch {
        return true;
      }
    },
    close: () => {
      try {
        win.close();
      } catch {
        // Already gone.
      }
    },
    focus: () => {
      try {
        win.focus();
      } catch {
        // Already gone.
      }
    },
  };
}

/** `<provider base>/sso/authorize?tax_no=…&return=/portal/login-merchant-account` (docs/areas/einvoice.md "SSO"). */
export function authorizeUrl(providerBase: string, taxNo: string, returnPath: string): string {
  const base = providerBase.replace(/\/+$/, '');
  const query = new URLSearchParams({ tax_no: taxNo, return: returnPath });
  return `${base}/sso/authorize?${query.toString()}`;
}
