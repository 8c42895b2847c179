import { describe, expect, it, vi } from 'vitest';
import { authorizeUrl, openPopup, popupFeatures } from './popup';

describe('SSO popup', () => {
  it('builds the provider authorize address with the tax code and the consent page as return', () => {
    expect(authorizeUrl('/api/einvoice/m-invoice/', '0108123455', '/portal/login-merchant-account')).toBe(
      '/api/einvoice/m-invoice/sso/authorize?tax_no=0108123455&return=%2Fportal%2Flogin-merchant-account',
    );
    // A hostile tax code stays inside its parameter.
    expect(authorizeUrl('/x', 'a&return=https://evil', '/portal/p')).toBe(
      '/x/sso/authorize?tax_no=a%26return%3Dhttps%3A%2F%2Fevil&return=%2Fportal%2Fp',
    );
  });

  it('asks for a 460×600 window centred over the portal', () => {
    expect(popupFeatures(460, 600, { screenX: 100, screenY: 50, outerWidth: 1260, outerHeight: 900 })).toBe(
      'width=460,height=600,popup=yes,left=500,top=200',
    );
    expect(popupFeatures(460, 600)).toBe('width=460,height=600,popup=yes');
  });

  it('answers null when the browser blocks the window (null or a throw)', () => {
    expect(openPopup('/u', 460, 600, () => null)).toBeNull();
    expect(
      openPopup('/u', 460, 600, () => {
        throw new Error('blocked');
      }),
    ).toBeNull();
  });

  it('opens with an opener (so the portal can see it close) and reports closed, close and focus', () => {
    const win = { closed: false, close: vi.fn(), focus: vi.fn() };
    const opener = vi.fn((_url: string, _name: string, _features: string) => win);
    const handle = openPopup('/u', 460, 600, opener, { screenX: 0, screenY: 0, outerWidth: 0, outerHeight: 0 })!;
    expect(opener).toHaveBeenCalledWith('/u', 'einvoice-sso', 'width=460,height=600,popup=yes');
    expect(opener.mock.calls[0]![2]).not.toContain('noopener');
    expect(handle.closed()).toBe(false);
    win.closed = true;
    expect(handle.closed()).toBe(true);
    handle.close();
    handle.focus();
    expect(win.close).toHaveBeenCalledOnce();
    expect(win.focus).toHaveBeenCalledOnce();
  });
});
