/** A value as a JavaScript literal that cannot end a surrounding <script> element either. */
const literal = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The sandbox's checkout.js: `window.Razorpay` with the part of Razorpay Checkout's client API the
 * product uses: `new Razorpay(options)`, `.on('payment.failed', callback)`, `.open()` and `.close()`.
 * open() lays a full-screen overlay over the page, holding the checkout page in an iframe; the page
 * answers by postMessage. A success closes the checkout and calls `options.handler`; a decline calls
 * the payment.failed callbacks and leaves the checkout open, as Razorpay does; closing it calls
 * `options.modal.ondismiss`.
 */
export function checkoutScript(checkoutPageUrl: string): string {
  return `(function () {
  'use strict';
  var CHECKOUT_URL = ${literal(checkoutPageUrl)};
  var CHECKOUT_ORIGIN = new URL(CHECKOUT_URL).origin;

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
    this.overlay = null;
    this.frame = null;
    this.focusBefore = null;
    this.receive = this.receive.bind(this);
  }

  Razorpay.prototype.on = function (event, callback) {
    if (typeof callback === 'function') (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.open = function () {
    if (this.overlay) return this;
    var options = this.options;
    var prefill = options.prefill || {};
    var params = new URLSearchParams({ order_id: String(options.order_id || ''), origin: window.location.origin });
    if (prefill.name) params.set('name', String(prefill.name));
    if (prefill.email) params.set('email', String(prefill.email));
    if (prefill.contact) params.set('contact', String(prefill.contact));
    if (options.theme && options.theme.color) params.set('color', String(options.theme.color));
    if (options.description) params.set('description', String(options.description));

    var overlay = document.createElement('div');
    overlay.setAttribute('data-sandbox-checkout', '');
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;background:rgba(15,23,42,0.6)';
    var frame = document.createElement('iframe');
    frame.src = CHECKOUT_URL + '?' + params.toString();
    frame.title = (options.name ? String(options.name) + ' ' : '') + 'checkout';
    frame.style.cssText = 'width:100%;max-width:460px;height:100%;max-height:640px;border:0;border-radius:12px;background:transparent;color-scheme:light';
    frame.addEventListener('load', function () { frame.focus(); });
    overlay.appendChild(frame);

    this.focusBefore = document.activeElement;
    this.overlay = overlay;
    this.frame = frame;
    window.addEventListener('message', this.receive);
    document.body.appendChild(overlay);
    return this;
  };

  Razorpay.prototype.close = function () {
    if (!this.overlay) return;
    window.removeEventListener('message', this.receive);
    this.overlay.remove();
    this.overlay = null;
    this.frame = null;
    if (this.focusBefore && typeof this.focusBefore.focus === 'function') this.focusBefore.focus();
  };

  Razorpay.prototype.receive = function (event) {
    if (!this.frame || event.source !== this.frame.contentWindow || event.origin !== CHECKOUT_ORIGIN) return;
    var data = event.data;
    if (!data || data.source !== 'tribe-sandbox-checkout') return;
    var options = this.options;
    if (data.type === 'success') {
      this.close();
      if (typeof options.handler === 'function') options.handler(data.response);
    } else if (data.type === 'failed') {
      (this.listeners['payment.failed'] || []).forEach(function (callback) { callback({ error: data.error }); });
    } else if (data.type === 'dismiss') {
      this.close();
      if (options.modal && typeof options.modal.ondismiss === 'function') options.modal.ondismiss();
    }
  };

  window.Razorpay = Razorpay;
})();
`;
}
