import { CommunityLimits } from '../../../api/src/contracts/community.contract.js';
import { contentReportInputSchema } from '../../../api/src/contracts/community.schemas.js';
import { REPORT_DETAILS_MAX, reportUserSchema } from '../../../api/src/contracts/user-report.contract.js';
import { readReportForm } from './report-form';

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe('readReportForm', () => {
  it('passes a listed reason on, with empty details as null and others trimmed', () => {
    expect(readReportForm(formOf({ reason: 'spam', details: '' }), reportUserSchema, REPORT_DETAILS_MAX)).toEqual({
      ok: true,
      value: { reason: 'spam', details: null },
      sent: { reason: 'spam', details: '' },
    });
    expect(readReportForm(formOf({ reason: 'hate', details: '  Slurs in the text ' }), contentReportInputSchema, 1000)).toEqual({
      ok: true,
      value: { reason: 'hate', details: 'Slurs in the text' },
      sent: { reason: 'hate', details: '  Slurs in the text ' },
    });
  });

  it('asks for a reason when none (or an unlisted one) was chosen', () => {
    const expected = { ok: false, fieldErrors: { reason: 'Please choose a reason.' } };
    expect(readReportForm(formOf({}), reportUserSchema, REPORT_DETAILS_MAX)).toEqual({ ...expected, sent: { reason: '', details: '' } });
    // What was written comes back with the refusal, to be shown again.
    expect(readReportForm(formOf({ reason: 'boring', details: 'x' }), contentReportInputSchema, 1000)).toEqual({
      ...expected,
      sent: { reason: 'boring', details: 'x' },
    });
  });

  it('asks what happened when "Something else" comes without details', () => {
    expect(readReportForm(formOf({ reason: 'other', details: '   ' }), contentReportInputSchema, 1000)).toEqual({
      ok: false,
      fieldErrors: { details: 'Please tell us what happened.' },
      sent: { reason: 'other', details: '   ' },
    });
  });

  it('names the limit when the details are too long', () => {
    const max = CommunityLimits.reportDetailsMax;
    expect(readReportForm(formOf({ reason: 'other', details: 'a'.repeat(max + 1) }), contentReportInputSchema, max)).toEqual({
      ok: false,
      fieldErrors: { details: `Please keep it under ${max} characters.` },
      sent: { reason: 'other', details: 'a'.repeat(max + 1) },
    });
  });
});
