/**
 * The GST on an amount a fan paid, in whole rupees. What a fan pays is GST-inclusive, so the tax is
 * taken out of it, never added on top:
 *
 *   taxable value = round(total / (1 + rate)), halves rounded up
 *   tax           = total − taxable value            (so the parts always add up to what was paid)
 *   within the supplier's state: CGST = floor(tax / 2), SGST = tax − CGST (SGST takes the odd rupee)
 *   otherwise:                   IGST = tax
 *   platform fee  = round(total × fee rate), halves rounded up: a line of its own, included in total
 *
 * Rates are percentages with at most two decimals (GST_RATE_PERCENT, PLATFORM_FEE_PERCENT) and are
 * worked in basis points with integer arithmetic, so no floating-point error can move a rupee.
 */

export interface GstInput {
  /** What was paid (or refunded), whole rupees, GST included. */
  total: number;
  gstRatePercent: number;
  platformFeePercent: number;
  /** The supplier's state is the place of supply: CGST + SGST; otherwise IGST. */
  intraState: boolean;
}

export interface GstSplit {
  total: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  platformFee: number;
}

const BASIS = 10_000;

/** A percentage as basis points: 18 → 1800, 2.5 → 250. */
export function basisPoints(percent: number): number {
  const points = Math.round(percent * 100);
  if (!Number.isFinite(points) || points < 0) throw new RangeError(`Invalid rate ${percent}%`);
  return points;
}

/** numerator / denominator rounded to the nearest integer, halves up (both non-negative integers). */
function divideRoundingHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The platform fee on an amount (whole rupees) at `percent`, halves rounded up: an invoice's fee line, and what payouts keep back. */
export function platformFeeOn(amount: number, percent: number): number {
  return divideRoundingHalfUp(amount * basisPoints(percent), BASIS);
}

export function splitGst({ total, gstRatePercent, platformFeePercent, intraState }: GstInput): GstSplit {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`Invalid amount ${total}: whole rupees expected`);
  const rate = basisPoints(gstRatePercent);
  const taxableValue = divideRoundingHalfUp(total * BASIS, BASIS + rate);
  const tax = total - taxableValue;
  const cgst = intraState ? Math.floor(tax / 2) : 0;
  const sgst = intraState ? tax - cgst : 0;
  const igst = intraState ? 0 : tax;
  return { total, taxableValue, cgst, sgst, igst, platformFee: platformFeeOn(total, platformFeePercent) };
}

/** What lies between two splits of the same payment: each amount of `upTo` less that of `from`. */
export function subtractSplits(upTo: GstSplit, from: GstSplit): GstSplit {
  return {
    total: upTo.total - from.total,
    taxableValue: upTo.taxableValue - from.taxableValue,
    cgst: upTo.cgst - from.cgst,
    sgst: upTo.sgst - from.sgst,
    igst: upTo.igst - from.igst,
    platformFee: upTo.platformFee - from.platformFee,
  };
}

/** "18", "2.5": a rate as the invoice prints it. */
export function formatRate(percent: number): string {
  return String(basisPoints(percent) / 100);
}
