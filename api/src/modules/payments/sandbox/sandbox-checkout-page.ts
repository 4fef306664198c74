const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML content and double- or single-quoted attributes. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A colour the page may put in its CSS: "#abc" or "#aabbcc", else the fallback. */
export const themeColor = (value: string | undefined, fallback: string): string =>
  value && HEX_COLOR.test(value) ? value : HEX_COLOR.test(fallback) ? fallback : '#4F46E5';

/** An origin ("https://tribe.example") exactly, or undefined for anything else. */
export function exactOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === value && origin !== 'null' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** "₹1,500": whole rupees, grouped as in India. */
export const rupees = (amount: number): string => `₹${Math.round(amount).toLocaleString('en-IN')}`;

/**
 * The page may run and style only what it carries inline (under this request's nonce), talk only
 * to its own origin, and be framed only by this API and the web app.
 */
export function checkoutPolicy(nonce: string, framers: readonly string[]): string {
  const ancestors = ["'self'", ...framers.flatMap((framer) => exactOrigin(framer) ?? [])].join(' ');
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

export interface CheckoutPage {
  displayName: string;
  orderId: string;
  /** Whole rupees; undefined when the order cannot be paid (`unavailable` says why). */
  amount: number | undefined;
  unavailable?: string;
  description: string | undefined;
  buyer: { name: string | undefined; email: string | undefined; contact: string | undefined };
  color: string;
  /** Where the page's answers go by postMessage: the page that opened the checkout. */
  parentOrigin: string | undefined;
  nonce: string;
}

const STYLE = (color: string) => `
  :root { --theme: ${color}; color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; background: transparent; color: #0f172a; }
  main { width: 100%; max-width: 420px; margin: 16px; padding: 24px; background: #fff; border-radius: 12px; border-top: 6px solid var(--theme); box-shadow: 0 10px 30px rgba(15, 23, 42, 0.15); }
  h1 { margin: 0 0 4px; font-size: 1.25rem; }
  .sandbox { margin: 0 0 16px; font-size: 0.8rem; color: #475569; }
  .amount { margin: 8px 0 16px; font-size: 2rem; font-weight: 700; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 16px; font-size: 0.9rem; }
  dt { color: #475569; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: grid; gap: 8px; }
  button { font: inherit; padding: 12px 16px; border-radius: 8px; border: 1px solid #cbd5e1; background: #fff; color: #0f172a; cursor: pointer; }
  button.pay { background: var(--theme); border-color: var(--theme); color: #fff; font-weight: 600; }
  button:disabled { opacity: 0.6; cursor: progress; }
  button:focus-visible { outline: 3px solid #0f172a; outline-offset: 2px; }
  #status { min-height: 1.5em; margin: 0 0 12px; }
  #status.error { color: #b91c1c; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

/** Paints the answers of the pay route back to the page that opened the checkout (checkout.js). */
const SCRIPT = `
(function () {
  'use strict';
  var orderId = document.body.getAttribute('data-order-id');
  var parentOrigin = document.body.getAttribute('data-parent-origin');
  var status = document.getElementById('status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button'));
  var payButton = document.getElementById('pay');
  var finished = false;
  function tell(message) {
    message.source = 'tribe-sandbox-checkout';
    if (parentOrigin && window.parent !== window) window.parent.postMessage(message, parentOrigin);
  }
  function busy(on) { buttons.forEach(function (button) { button.disabled = on; }); }
  function show(text, isError) { status.textContent = text; status.className = isError ? 'error' : ''; }
  function pay(outcome) {
    busy(true);
    show('Processing your payment…', false);
    fetch('orders/' + encodeURIComponent(orderId) + '/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: outcome }),
    })
      .then(function (response) {
        return response.json().then(function (body) { return { status: response.status, body: body }; });
      })
      .then(function (answer) {
        if (answer.status === 200) {
          finished = true;
          show('Payment successful.', false);
          tell({ type: 'success', response: answer.body });
          return;
        }
        busy(false);
        show(answer.body.error || 'Payment failed.', true);
        if (answer.status === 402) {
          tell({
            type: 'failed',
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: answer.body.error,
              source: 'customer',
              step: 'payment_authorization',
              reason: answer.body.code,
              metadata: { order_id: orderId, payment_id: answer.body.razorpay_payment_id },
            },
          });
        }
        payButton.focus();
      })
      .catch(function () {
        busy(false);
        show('Network error. Please check your connection and try again.', true);
      });
  }
  function dismiss() { if (!finished) tell({ type: 'dismiss' }); }
  document.getElementById('close').addEventListener('click', dismiss);
  document.addEventListener('keydown', function (event) { if (event.key === 'Escape') dismiss(); });
  if (payButton) {
    payButton.addEventListener('click', function () { pay('success'); });
    document.getElementById('decline').addEventListener('click', function () { pay('insufficient_funds'); });
  }
  // The buttons arrive disabled: the parser may paint them before it reaches this script, and a
  // press before their listeners exist would be lost without a word.
  busy(false);
  // Focus starts on the first choice, also when the opener focuses the frame once it has loaded.
  var first = payButton || document.getElementById('close');
  window.addEventListener('focus', function () { if (document.activeElement === document.body) first.focus(); });
  first.focus();
})();
`;

const detail = (label: string, value: string | undefined) => (value ? `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>` : '');

/** The sandbox's stand-in for Razorpay's checkout window: self-contained, every interpolated value escaped. */
export function checkoutPageHtml(page: CheckoutPage): string {
  const name = escapeHtml(page.displayName);
  const amount = page.amount === undefined ? undefined : escapeHtml(rupees(page.amount));
  const details = detail('Name', page.buyer.name) + detail('Email', page.buyer.email) + detail('Phone', page.buyer.contact);
  const payButtons = amount
    ? `<button type="button" id="pay" class="pay" disabled>Pay ${amount}</button>
<button type="button" id="decline" disabled>Pay with a card that has insufficient funds</button>
`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<style nonce="${escapeHtml(page.nonce)}">${STYLE(themeColor(page.color, '#4F46E5'))}</style>
</head>
<body data-order-id="${escapeHtml(page.orderId)}" data-parent-origin="${escapeHtml(page.parentOrigin ?? '')}">
<main aria-labelledby="checkout-title">
<h1 id="checkout-title">${name}</h1>
<p class="sandbox">Payment sandbox: no real money moves.</p>
${page.description ? `<p>${escapeHtml(page.description)}</p>` : ''}
${amount ? `<p class="amount"><span class="visually-hidden">Amount: </span>${amount}</p>` : ''}
${details ? `<dl aria-label="Paying as">${details}</dl>` : ''}
<p id="status" role="status" aria-live="polite"${page.unavailable ? ' class="error"' : ''}>${escapeHtml(page.unavailable ?? '')}</p>
<div class="actions">
${payButtons}<button type="button" id="close" disabled>Close</button>
</div>
</main>
<script nonce="${escapeHtml(page.nonce)}">${SCRIPT}</script>
</body>
</html>
`;
}
