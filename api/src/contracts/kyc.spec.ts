import {
  checkAccountNumber,
  checkGstin,
  checkIfsc,
  checkIndianState,
  checkLegalName,
  checkPan,
  checkUpiId,
  gstinCheckCharacter,
  INDIAN_STATES,
  isGstStateCode,
  KycProblems,
  maskAccountNumber,
  maskPan,
  maskUpiId,
} from './kyc.js';

const refused = (error: string) => ({ ok: false, error });

describe('checkPan (Income Tax Department: AAAAA9999A, the 4th letter the holder type)', () => {
  it.each([
    // The Income Tax Department's own example of the format.
    ['ABCPE1234F', 'ABCPE1234F'],
    ['abcpe1234f', 'ABCPE1234F'],
    [' ABCPE 1234 F ', 'ABCPE1234F'],
    // A company (C), a firm (F), a trust (T), a HUF (H), government (G).
    ['AABCT1332L', 'AABCT1332L'],
    ['AAPFU0939F', 'AAPFU0939F'],
    ['AAATR0090B', 'AAATR0090B'],
    ['AAAHA1234K', 'AAAHA1234K'],
    ['AAAGM0289C', 'AAAGM0289C'],
  ])('accepts %j as %s', (input, pan) => {
    expect(checkPan(input)).toEqual({ ok: true, value: pan });
  });

  it.each([[''], ['   '], [null], [undefined]])('says a missing PAN is required: %j', (input) => {
    expect(checkPan(input)).toEqual(refused('is required'));
  });

  it.each([['ABCPE1234'], ['ABCPE12345F'], ['ABCP51234F'], ['ABCPE1234 5'], ['12345ABCDE'], ['ABCPE1234$']])(
    'explains the shape for %j',
    (input) => {
      expect(checkPan(input)).toEqual(refused(KycProblems.pan.shape));
    },
  );

  it.each([['ABCXE1234F'], ['ABCDE1234F'], ['ABCZE1234F'], ['ABCKE1234F']])('names the holder type for %j', (input) => {
    expect(checkPan(input)).toEqual(refused(KycProblems.pan.holderType));
    expect(KycProblems.pan.holderType).toBe(
      'must have the holder type as its 4th letter (P, C, H, F, A, T, B, L, J, G), like the P in ABCPE1234F',
    );
  });
});

describe('checkIfsc (RBI: 4 letters, 0, 6 letters or digits)', () => {
  it.each([
    // Real branch codes: State Bank of India's main branch in Mumbai, HDFC Bank, ICICI Bank, a Kotak branch.
    ['SBIN0000300', 'SBIN0000300'],
    ['HDFC0000001', 'HDFC0000001'],
    ['ICIC0000001', 'ICIC0000001'],
    ['kkbk0000958', 'KKBK0000958'],
    [' UTIB0CCH274 ', 'UTIB0CCH274'],
  ])('accepts %j as %s', (input, ifsc) => {
    expect(checkIfsc(input)).toEqual({ ok: true, value: ifsc });
  });

  it('says a missing IFSC is required', () => {
    expect(checkIfsc('')).toEqual(refused('is required'));
  });

  it.each([['SBIN1000300'], ['SBINO000300'], ['HDFCA000001']])('points at the 5th character of %j', (input) => {
    expect(checkIfsc(input)).toEqual(refused('must have 0 (zero) as its 5th character, like SBIN0001234'));
  });

  it.each([['SBIN000300'], ['SBIN00003000'], ['SB1N0000300'], ['1234000300X'], ['SBIN0_00300']])('explains the shape for %j', (input) => {
    expect(checkIfsc(input)).toEqual(refused('must be 11 characters: 4 letters, 0, then 6 letters or digits, like SBIN0001234'));
  });
});

describe('GSTIN check character (GSTN, Luhn mod 36)', () => {
  it('computes the check character of a published GSTIN by hand: 27AAPFU0939F1Z → V', () => {
    // Values (0-9, A=10 … Z=35) and factors 1, 2, 1, 2 … from the left; each product adds quotient + remainder by 36:
    //  2 ×1 =  2 →  2    7 ×2 = 14 → 14    A(10)×1 = 10 → 10    A(10)×2 = 20 → 20
    //  P(25)×1 = 25 → 25   F(15)×2 = 30 → 30   U(30)×1 = 30 → 30   0 ×2 = 0 → 0
    //  9 ×1 =  9 →  9    3 ×2 =  6 →  6    9 ×1 = 9 → 9    F(15)×2 = 30 → 30
    //  1 ×1 =  1 →  1    Z(35)×2 = 70 → 1 + 34 = 35
    // Sum 221; 221 mod 36 = 5; (36 − 5) mod 36 = 31 = V.
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('computes the check character of another published GSTIN by hand: 29AABCT1332L1Z → A', () => {
    //  2→2  9×2=18→18  A→10  A×2=20→20  B→11  C(12)×2=24→24  T→29  1×2=2→2  3→3  3×2=6→6  2→2
    //  L(21)×2=42 → 1 + 6 = 7   1→1   Z(35)×2=70 → 35
    // Sum 170; 170 mod 36 = 26; 36 − 26 = 10 = A.
    expect(gstinCheckCharacter('29AABCT1332L1Z')).toBe('A');
  });

  it('computes the check character of a Puducherry registration of PAN AABCB5576G by hand: → Q', () => {
    //  3→3  4×2=8→8  A→10  A×2=20→20  B→11  C×2=24→24  B→11  5×2=10→10  5→5  7×2=14→14  6→6
    //  G(16)×2=32→32  1→1  Z×2=70→35
    // Sum 190; 190 mod 36 = 10; 36 − 10 = 26 = Q.
    expect(gstinCheckCharacter('34AABCB5576G1Z')).toBe('Q');
  });

  it('shows that the format example 22AAAAA0000A1Z5 does not carry a valid check character (it is C)', () => {
    // 2+4+10+20+10+20+10+0+0+0+0+20+1+35 = 132; 132 mod 36 = 24; 36 − 24 = 12 = C.
    expect(gstinCheckCharacter('22AAAAA0000A1Z')).toBe('C');
  });
});

describe('checkGstin', () => {
  it.each([
    ['27AAPFU0939F1ZV', '27AAPFU0939F1ZV'],
    ['29AABCT1332L1ZA', '29AABCT1332L1ZA'],
    ['34aabcb5576g1zq', '34AABCB5576G1ZQ'],
    [' 27 AAPFU0939F 1ZV ', '27AAPFU0939F1ZV'],
  ])('accepts %j', (input, gstin) => {
    expect(checkGstin(input)).toEqual({ ok: true, value: gstin });
  });

  it('refuses a wrong check character, and one changed character or two swapped ones', () => {
    expect(checkGstin('27AAPFU0939F1ZW')).toEqual(refused(KycProblems.gstin.checkDigit));
    expect(checkGstin('27AAPFU0939F1ZV'.replace('0939', '0993'))).toEqual(refused(KycProblems.gstin.checkDigit));
    expect(checkGstin('22AAAAA0000A1Z5')).toEqual(refused(KycProblems.gstin.checkDigit));
  });

  it.each([
    ['27AAPFU0939F1Z', KycProblems.gstin.length],
    ['27AAPFU0939F1ZVX', KycProblems.gstin.length],
    ['27AAPFU0939F1Z#', KycProblems.gstin.length],
    ['00AAPFU0939F1ZV', KycProblems.gstin.stateCode],
    ['39AAPFU0939F1ZV', KycProblems.gstin.stateCode],
    ['99AAPFU0939F1ZV', KycProblems.gstin.stateCode],
    ['2AAAPFU0939F1ZV', KycProblems.gstin.stateCode],
    ['27AAPXU0939F1ZV', KycProblems.gstin.pan],
    ['2712345093901ZV', KycProblems.gstin.pan],
    ['27AAPFU0939F0ZV', KycProblems.gstin.entityCode],
    ['27AAPFU0939F1YV', KycProblems.gstin.fourteenthZ],
    ['', 'is required'],
  ])('refuses %j: %s', (input, message) => {
    expect(checkGstin(input)).toEqual(refused(message));
  });

  it('knows the state codes 01 to 38 and 97', () => {
    expect(['01', '07', '26', '29', '36', '37', '38', '97'].every(isGstStateCode)).toBe(true);
    expect(['00', '39', '96', '98', '99', '7', 'AA'].some(isGstStateCode)).toBe(false);
    expect(INDIAN_STATES.every((state) => isGstStateCode(state.gstCode))).toBe(true);
  });
});

describe('checkUpiId (handle@psp)', () => {
  it.each([
    ['asha.rao@okhdfcbank', 'asha.rao@okhdfcbank'],
    ['9876543210@ybl', '9876543210@ybl'],
    ['Asha-Rao_1@OKICICI', 'asha-rao_1@okicici'],
    ['  shop.pay@paytm ', 'shop.pay@paytm'],
  ])('accepts %j', (input, upi) => {
    expect(checkUpiId(input)).toEqual({ ok: true, value: upi });
  });

  it.each([
    ['asha.rao', KycProblems.upiId.shape],
    ['asha@rao@ybl', KycProblems.upiId.shape],
    ['a@ybl', KycProblems.upiId.name],
    ['asha rao@ybl', KycProblems.upiId.name],
    ['@ybl', KycProblems.upiId.name],
    ['asha@', KycProblems.upiId.psp],
    ['asha@ok.hdfc', KycProblems.upiId.psp],
    ['asha@hdfc1', KycProblems.upiId.psp],
    ['', 'is required'],
  ])('refuses %j', (input, message) => {
    expect(checkUpiId(input)).toEqual(refused(message));
  });
});

describe('checkAccountNumber (9 to 18 digits)', () => {
  it.each([
    ['123456789', '123456789'],
    ['50100012345678', '50100012345678'],
    ['123456789012345678', '123456789012345678'],
    ['5010 0012 3456 78', '50100012345678'],
  ])('accepts %j', (input, account) => {
    expect(checkAccountNumber(input)).toEqual({ ok: true, value: account });
  });

  it.each([
    ['12345678', 'must be 9 to 18 digits long'],
    ['1234567890123456789', 'must be 9 to 18 digits long'],
    ['12345678X', 'must hold digits only'],
    ['1234.56789', 'must hold digits only'],
    ['000000000', 'cannot be all zeros'],
    ['', 'is required'],
  ])('refuses %j: %s', (input, message) => {
    expect(checkAccountNumber(input)).toEqual(refused(message));
  });
});

describe('checkLegalName', () => {
  it.each([
    ['Asha Rao', 'Asha Rao'],
    ['  Asha   Rao ', 'Asha Rao'],
    ["D'Souza & Sons (Goa) Pvt. Ltd.", "D'Souza & Sons (Goa) Pvt. Ltd."],
    ['3M India Limited', '3M India Limited'],
    ['\u202EAsha Rao', 'Asha Rao'],
  ])('accepts %j', (input, name) => {
    expect(checkLegalName(input)).toEqual({ ok: true, value: name });
  });

  it.each([
    ['', 'is required'],
    ['A', 'must be 2 to 100 characters'],
    ['A'.repeat(101), 'must be 2 to 100 characters'],
    ['Asha <script>', KycProblems.legalName.characters],
    ['1234 5678', KycProblems.legalName.characters],
    ['आशा राव', KycProblems.legalName.characters],
  ])('refuses %j', (input, message) => {
    expect(checkLegalName(input)).toEqual(refused(message));
  });
});

describe('checkIndianState', () => {
  it('lists the 28 states and 8 union territories once each', () => {
    expect(INDIAN_STATES.filter((state) => state.kind === 'state')).toHaveLength(28);
    expect(INDIAN_STATES.filter((state) => state.kind === 'union_territory')).toHaveLength(8);
    expect(new Set(INDIAN_STATES.map((state) => state.gstCode)).size).toBe(36);
  });

  it.each([
    ['Karnataka', 'Karnataka'],
    ['tamil nadu', 'Tamil Nadu'],
    [' WEST   BENGAL ', 'West Bengal'],
    ['Orissa', 'Odisha'],
    ['Pondicherry', 'Puducherry'],
    ['NCT of Delhi', 'Delhi'],
    ['Jammu & Kashmir', 'Jammu and Kashmir'],
  ])('accepts %j as %s', (input, state) => {
    expect(checkIndianState(input)).toEqual({ ok: true, value: state });
  });

  it.each([['Bengaluru'], ['California'], ['Karnatak']])('refuses %j', (input) => {
    expect(checkIndianState(input)).toEqual(refused('must be an Indian state or union territory, like Karnataka'));
  });
});

describe('masks', () => {
  it('shows only the last four characters of an account number and a PAN, and the app of a UPI id', () => {
    expect(maskAccountNumber('5678')).toBe('XXXX5678');
    expect(maskPan('234F')).toBe('XXXXXX234F');
    expect(maskUpiId('asha.rao@okhdfcbank')).toBe('aXXX@okhdfcbank');
  });
});
