/* global window, document */
/*
 * The bank's checkout embed script (served at /checkout/embed.js; docs/areas/checkout.md). On the
 * merchant's page:
 *   <script src="{origin}/checkout/embed.js" data-app-id="wdg_…" async></script>
 *   <a href="{payment link}" data-checkout-link>Pay</a>   (or data-checkout-link="{payment link}")
 * A click opens the link's hosted page in an overlay (an iframe) instead of leaving the page. Only links
 * of this checkout (same origin as the script, and the widget named by data-app-id) are opened; the
 * overlay closes with Esc (the page inside forwards it), the close button, or a click outside. When
 * the payment succeeds the page tells us and a `checkout:paid` event is dispatched on the link element.
 * Plain JavaScript (ES2019), no dependencies: it runs on whatever site the merchant has.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var origin = new URL(script.src, window.location.href).origin;
  var appId = script.getAttribute('data-app-id') || '';
  var overlay = null;
  var opener = null;
  var previousOverflow = '';
  var lang = (document.documentElement.lang || 'vi').slice(0, 2) === 'en' ? 'en' : 'vi';
  var TEXT = {
    vi: { dialog: 'Trang thanh toán', close: 'Đóng trang thanh toán' },
    en: { dialog: 'Checkout', close: 'Close the checkout' },
  }[lang];

  function linkOf(value) {
    var url;
    try {
      url = new URL(value, window.location.href);
    } catch {
      return null;
    }
    if (url.origin !== origin || url.pathname.indexOf('/checkout/') !== 0) return null;
    if (appId && url.searchParams.get('appId') !== appId) return null;
    return url;
  }

  function onKey(event) {
    if (event.key === 'Escape') close();
  }

  function close() {
    if (!overlay) return;
    overlay.parentNode.removeChild(overlay);
    overlay = null;
    document.removeEventListener('keydown', onKey, true);
    document.body.style.overflow = previousOverflow;
    if (opener && opener.focus) opener.focus();
  }

  function open(url, element) {
    close();
    opener = element;
    overlay = document.createElement('div');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', TEXT.dialog);
    overlay.setAttribute('data-checkout-overlay', '');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;padding:12px;box-sizing:border-box';
    var frame = document.createElement('iframe');
    frame.src = url.href;
    frame.title = TEXT.dialog;
    frame.setAttribute('allow', 'clipboard-write');
    frame.style.cssText = 'width:min(480px,100%);height:min(760px,100%);border:0;border-radius:8px;background:#fff';
    var button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('aria-label', TEXT.close);
    button.textContent = '\u00d7';
    button.style.cssText =
      'position:absolute;top:8px;right:8px;width:44px;height:44px;border-radius:22px;border:2px solid #fff;background:#000;color:#fff;font-size:24px;line-height:1;cursor:pointer';
    button.addEventListener('click', close);
    overlay.addEventListener('click', function (event) {
      if (event.target === overlay) close();
    });
    overlay.appendChild(frame);
    overlay.appendChild(button);
    previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.body.appendChild(overlay);
    document.addEventListener('keydown', onKey, true);
    button.focus();
  }

  document.addEventListener('click', function (event) {
    var target = event.target;
    var element = target && target.closest ? target.closest('[data-checkout-link]') : null;
    if (!element) return;
    var url = linkOf(element.getAttribute('data-checkout-link') || element.getAttribute('href') || '');
    if (!url) return;
    event.preventDefault();
    open(url, element);
  });

  window.addEventListener('message', function (event) {
    if (event.origin !== origin || !overlay || !event.data || typeof event.data.type !== 'string') return;
    if (event.data.type === 'checkout:close') close();
    if (event.data.type === 'checkout:paid' && opener) {
      opener.dispatchEvent(new CustomEvent('checkout:paid', { bubbles: true, detail: { link_id: String(event.data.link_id || '') } }));
    }
  });
})();
