import { basisPoints, formatRate, splitGst } from './gst.js';

const gst = (total: number, intraState: boolean, gstRatePercent = 18, platformFeePercent = 10) =>
  splitGst({ total, gstRatePercent, platformFeePercent, intraState });

describe('splitGst: the tax inside a GST-inclusive amount', () => {
  it('takes 18% out of ₹1,180: ₹1,000 taxable and ₹180 of tax', () => {
    expect(gst(1180, true)).toEqual({ total: 1180, taxableValue: 1000, cgst: 90, sgst: 90, igst: 0, platformFee: 118 });
    expect(gst(1180, false)).toEqual({ total: 1180, taxableValue: 1000, cgst: 0, sgst: 0, igst: 180, platformFee: 118 });
  });

  it('rounds the taxable value to the nearest rupee and leaves the rest to tax: ₹500 → 424 + 76', () => {
    // 500 / 1.18 = 423.73 → 424; tax 76 → CGST 38, SGST 38
    expect(gst(500, true)).toMatchObject({ taxableValue: 424, cgst: 38, sgst: 38, igst: 0 });
    expect(gst(500, false)).toMatchObject({ taxableValue: 424, igst: 76 });
  });

  it('gives SGST the odd rupee when the tax is odd', () => {
    // 999 / 1.18 = 846.61 → 847; tax 152 (even). 1001 / 1.18 = 848.31 → 848; tax 153 (odd)
    expect(gst(1001, true)).toMatchObject({ taxableValue: 848, cgst: 76, sgst: 77 });
  });

  it('rounds an exact half up', () => {
    // 59 / 1.18 = 50 exactly; 1 / 1.18 = 0.847 → 1; with 0% a fee of 5% on ₹10 is exactly 0.5 → 1
    expect(gst(59, true)).toMatchObject({ taxableValue: 50, cgst: 4, sgst: 5 });
    expect(gst(1, true)).toMatchObject({ taxableValue: 1, cgst: 0, sgst: 0 });
    expect(splitGst({ total: 10, gstRatePercent: 0, platformFeePercent: 5, intraState: true })).toMatchObject({
      taxableValue: 10,
      platformFee: 1,
    });
  });

  it('always adds up to what was paid, for every amount and both kinds of supply', () => {
    // Checked in plain code and asserted once: 120,000 expect() calls took 15 s; a failure still names each split.
    const rules: Array<[string, (split: ReturnType<typeof gst>, total: number) => boolean]> = [
      ['adds up', (split, total) => split.taxableValue + split.cgst + split.sgst + split.igst === total],
      ['taxable × 1.18 ≈ total', (split, total) => Math.abs(split.taxableValue * 1.18 - total) <= 0.59],
      ['SGST takes the odd rupee', (split) => split.cgst <= split.sgst && split.sgst - split.cgst <= 1],
    ];
    const wrong: Array<{ total: number; intraState: boolean; rule: string }> = [];
    for (let total = 0; total <= 20_000; total += 1) {
      for (const intraState of [true, false]) {
        const split = gst(total, intraState);
        for (const [rule, holds] of rules) if (!holds(split, total)) wrong.push({ total, intraState, rule });
      }
    }
    expect(wrong).toEqual([]);
  });

  it('works fractional rates without floating-point drift', () => {
    expect(basisPoints(18)).toBe(1800);
    expect(basisPoints(2.5)).toBe(250);
    expect(basisPoints(0.1 + 0.2)).toBe(30);
    // 1025 / 1.025 = 1000 exactly
    expect(splitGst({ total: 1025, gstRatePercent: 2.5, platformFeePercent: 0, intraState: false })).toMatchObject({
      taxableValue: 1000,
      igst: 25,
      platformFee: 0,
    });
    expect(formatRate(18)).toBe('18');
    expect(formatRate(2.5)).toBe('2.5');
  });

  it('refuses amounts that are not whole rupees', () => {
    expect(() => gst(10.5, true)).toThrow(RangeError);
    expect(() => gst(-1, true)).toThrow(RangeError);
  });
});
