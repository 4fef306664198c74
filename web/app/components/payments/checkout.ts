/**
 * The payment provider's checkout in the browser (SPEC §4 Payment flow). Its script is loaded on
 * demand, when the fan presses Pay: Razorpay's in production, the API's sandbox locally (the web's
 * Content-Security-Policy allows exactly that origin, see CHECKOUT_ORIGINS). The script defines
 * `window.Razorpay`, Razorpay's client API.
 */

/** What the checkout hands to `handler` when the payment went through. */
export interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface CheckoutFailure {
  error?: { code?: string; description?: string; reason?: string; metadata?: { order_id?: string; payment_id?: string } };
}

interface CheckoutInstance {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', callback: (failure: CheckoutFailure) => void): void;
}

type CheckoutConstructor = new (options: Record<string, unknown>) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

const loading = new Map<string, Promise<CheckoutConstructor>>();

/** Adds the checkout script once per address; a failed load may be tried again. */
export function loadCheckoutScript(scriptUrl: string): Promise<CheckoutConstructor> {
  const known = loading.get(scriptUrl);
  if (known) return known;
  const promise = new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('The checkout script defined no Razorpay')));
    script.onerror = () => {
      script.remove();
      reject(new Error(`The checkout script ${scriptUrl} did not load`));
    };
    document.head.appendChild(script);
  });
  promise.catch(() => loading.delete(scriptUrl));
  loading.set(scriptUrl, promise);
  return promise;
}

export interface CheckoutCallbacks {
  /** The fan paid: the proof to verify on the server. */
  onSuccess: (proof: { orderId: string; paymentId: string; signature: string }) => void;
  /** The fan closed the checkout without paying. */
  onDismiss: () => void;
  /** The provider reported the payment failed. */
  onFailure: (reason: string | null) => void;
}

/**
 * Opens the checkout for one order. Exactly one callback runs per checkout: a failure closes the
 * checkout itself, and the dismissal that closing causes is not reported again.
 */
export function openCheckout(Checkout: CheckoutConstructor, options: Record<string, unknown>, callbacks: CheckoutCallbacks): void {
  let settled = false;
  const settle = (run: () => void) => {
    if (settled) return;
    settled = true;
    run();
  };
  const instance = new Checkout({
    ...options,
    handler: (response: CheckoutSuccess) =>
      settle(() =>
        callbacks.onSuccess({
          orderId: response.razorpay_order_id,
          paymentId: response.razorpay_payment_id,
          signature: response.razorpay_signature,
        }),
      ),
    modal: { ondismiss: () => settle(callbacks.onDismiss) },
  });
  instance.on('payment.failed', (failure) => {
    settle(() => callbacks.onFailure(failure?.error?.description ?? null));
    try {
      instance.close?.();
    } catch {
      // already closed
    }
  });
  instance.open();
}
