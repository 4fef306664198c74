/** The port counts whole rupees; Razorpay counts paise. Only this adapter crosses between the two. */
const PAISE_PER_RUPEE = 100;

/** A price the port may carry: a positive whole number of rupees (Razorpay refuses less than ₹1). */
export function isWholeRupees(rupees: number): boolean {
  return Number.isSafeInteger(rupees) && rupees > 0;
}

export function rupeesToPaise(rupees: number): number {
  return rupees * PAISE_PER_RUPEE;
}

/** `undefined` when the paise are not whole rupees (a partial refund typed into the Dashboard can be ₹10.50). */
export function paiseToRupees(paise: number): number | undefined {
  return Number.isSafeInteger(paise) && paise % PAISE_PER_RUPEE === 0 ? paise / PAISE_PER_RUPEE : undefined;
}
