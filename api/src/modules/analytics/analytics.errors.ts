import { AnalyticsErrorCodes, AnalyticsLimits, AnalyticsMessages } from '../../contracts/analytics.contract.js';
import { ErrorCodes } from '../../contracts/error-codes.js';
import { DomainError, TooManyRequestsError, ValidationError } from '../../platform/http/domain-error.js';

export class AnalyticsBatchTooLargeError extends DomainError {
  constructor() {
    super(413, AnalyticsMessages.tooLarge, ErrorCodes.generic.payloadTooLarge);
  }
}

export class AnalyticsTooFastError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super(AnalyticsMessages.tooFast, ErrorCodes.generic.tooManyRequests, retryAfterSeconds);
  }
}

/** An event dated more than AnalyticsLimits.maxAgeMs ago or maxAheadMs ahead: a broken clock or a replay. */
export class AnalyticsTimestampError extends ValidationError {
  constructor(index: number) {
    super(`events.${index}.${AnalyticsMessages.timestampOutOfRange}`, AnalyticsErrorCodes.timestampOutOfRange);
  }
}

export const isTimestampInRange = (timestamp: string, now: number): boolean => {
  const at = Date.parse(timestamp);
  return at >= now - AnalyticsLimits.maxAgeMs && at <= now + AnalyticsLimits.maxAheadMs;
};
