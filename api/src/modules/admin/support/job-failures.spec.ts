import { explainFailure } from './job-failures.js';

describe('explainFailure', () => {
  it('tells an outage apart from bad data and from a crash', () => {
    expect(explainFailure('Redis did not accept the jobs in time', 'DependencyUnavailableError: Redis did not accept')).toMatch(
      /did not answer in time/,
    );
    expect(explainFailure('payload fails the schema of payment.capture_requested')).toMatch(/does not fit/);
    expect(explainFailure('job stalled more than allowable limit')).toMatch(/stopped in the middle/);
  });

  it('names the class from the stack trace when the message alone says nothing', () => {
    expect(explainFailure('bad request', 'PaymentProviderError: bad request\n    at capture')).toMatch(/payment provider refused/);
  });

  it('says so when it does not recognise the error', () => {
    expect(explainFailure('Cannot read properties of undefined')).toMatch(/does not recognise/);
  });
});
