import {
  checkoutPageHtml,
  checkoutPolicy,
  escapeHtml,
  exactOrigin,
  rupees,
  themeColor,
  type CheckoutPage,
} from './sandbox-checkout-page.js';

const page: CheckoutPage = {
  displayName: 'Tribe',
  orderId: 'order_TEST00000000001',
  amount: 150_000,
  description: undefined,
  buyer: { name: 'Asha', email: undefined, contact: undefined },
  color: '#4F46E5',
  parentOrigin: 'http://localhost:3000',
  nonce: 'bm9uY2U=',
};

describe('sandbox checkout page', () => {
  it('escapes text for content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('takes only hex colours, else the configured one, else indigo', () => {
    expect(themeColor('#0a0', '#4F46E5')).toBe('#0a0');
    expect(themeColor('red;}</style>', '#123456')).toBe('#123456');
    expect(themeColor(undefined, 'not a colour')).toBe('#4F46E5');
  });

  it('takes only an exact origin as the page to answer', () => {
    expect(exactOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(exactOrigin('http://localhost:3000/path')).toBeUndefined();
    expect(exactOrigin('javascript:alert(1)')).toBeUndefined();
    expect(exactOrigin('')).toBeUndefined();
  });

  it('shows whole rupees grouped as in India', () => {
    expect(rupees(1_50_000)).toBe('₹1,50,000');
    expect(rupees(500)).toBe('₹500');
  });

  it('lets only its own inline script and style run, and only the web app frame it', () => {
    expect(checkoutPolicy('abc', ['http://localhost:3000', "https://evil.example; script-src 'unsafe-inline'"])).toBe(
      "default-src 'none'; script-src 'nonce-abc'; style-src 'nonce-abc'; connect-src 'self'; base-uri 'none'; " +
        "form-action 'none'; frame-ancestors 'self' http://localhost:3000",
    );
  });

  it('offers to pay, to fail with insufficient funds, and to close; only the close when the order cannot be paid', () => {
    const html = checkoutPageHtml(page);
    // Disabled until the page's script has attached their listeners (it enables them): a press before that would be lost.
    expect(html).toContain('<button type="button" id="pay" class="pay" disabled>Pay ₹1,50,000</button>');
    expect(html).toContain('<button type="button" id="decline" disabled>Pay with a card that has insufficient funds</button>');
    expect(html).toContain('<button type="button" id="close" disabled>Close</button>');
    expect(html.lastIndexOf('busy(false)')).toBeGreaterThan(html.indexOf("addEventListener('click', function () { pay('success'); })"));
    expect(html).not.toContain('<dt>Email</dt>');

    const paid = checkoutPageHtml({ ...page, amount: undefined, unavailable: 'This order is already paid.' });
    expect(paid).toContain('This order is already paid.');
    expect(paid).not.toContain('id="pay"');
    expect(paid).toContain('id="close"');
  });
});
