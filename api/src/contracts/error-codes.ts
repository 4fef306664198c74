/**
 * The stable `code` beside `error` in every API error body: `{ "error": message, "code": code }`.
 * Clients tell errors apart by code; the message is for people.
 */
export const ErrorCodes = {
  generic: {
    validation: 'validation',
    badRequest: 'bad_request',
    malformedJson: 'malformed_json',
    badUrl: 'bad_url',
    unauthorized: 'unauthorized',
    forbidden: 'forbidden',
    notFound: 'not_found',
    conflict: 'conflict',
    payloadTooLarge: 'payload_too_large',
    urlTooLong: 'url_too_long',
    unsupportedMediaType: 'unsupported_media_type',
    tooManyRequests: 'too_many_requests',
    /** PostgreSQL or Redis is away or too slow, or the server is shutting down: try again after Retry-After. */
    serviceUnavailable: 'service_unavailable',
    requestFailed: 'request_failed',
    domain: 'domain_error',
    internal: 'internal',
  },
  mobile: {
    invalid: 'invalid_mobile_number',
  },
  media: {
    /** A picture or video address that is neither https nor one of the product's own uploads. */
    notHttps: 'media_url_not_https',
  },
  uploads: {
    tooManyUploads: 'too_many_uploads',
    quotaExceeded: 'upload_quota_exceeded',
    busy: 'uploads_busy',
  },
  users: {
    currentPasswordIncorrect: 'current_password_incorrect',
  },
  events: {
    notFound: 'event_not_found',
    notHost: 'not_event_host',
    hasAcceptedApplicants: 'event_has_accepted_applicants',
    cancelledReadOnly: 'event_cancelled',
    cannotReactivate: 'event_cannot_reactivate',
    notCuration: 'event_not_curation',
    convertNeedsDate: 'event_convert_needs_date',
    alreadyReported: 'event_already_reported',
    cannotReportOwn: 'event_report_own',
    homeNeedsLogin: 'home_needs_login',
    influencerNotFound: 'influencer_not_found',
    startNotFuture: 'event_start_not_future',
    endBeforeStart: 'event_end_before_start',
    genderPricesRequired: 'event_gender_prices_required',
    openAgeAlone: 'event_open_age_alone',
    customAgeRangeRequired: 'event_custom_age_range_required',
  },
} as const;
