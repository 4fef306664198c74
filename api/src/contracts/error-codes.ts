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
  payments: {
    verificationFailed: 'payment_verification_failed',
    webhookSignature: 'webhook_signature_invalid',
    transactionNotFound: 'transaction_not_found',
    providerFailed: 'payment_provider_failed',
    insufficientFunds: 'insufficient_funds',
    wrongAmount: 'payment_wrong_amount',
    bidTooLow: 'bid_too_low',
    genderNeeded: 'gender_needed',
    ownEvent: 'own_event',
    eventNotOpen: 'event_not_open',
    eventFull: 'event_full',
    alreadyApplied: 'already_applied',
    paymentNeeded: 'payment_needed',
    nothingToPay: 'nothing_to_pay',
    orderInProgress: 'order_in_progress',
    refundTooLarge: 'refund_too_large',
    notCaptured: 'payment_not_captured',
    notRefunder: 'not_refunder',
    illegalTransition: 'illegal_payment_transition',
  },
  applications: {
    notFound: 'application_not_found',
    notHost: 'not_application_host',
    eventFull: 'event_full',
    attendeesHidden: 'attendees_hidden',
    illegalTransition: 'illegal_application_transition',
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
  invoices: {
    /** The application has no invoice yet (or the caller may not see it). */
    notYetIssued: 'invoice_not_issued',
    notFound: 'invoice_not_found',
    /** A signed download link that was tampered with or has expired. */
    linkInvalid: 'invoice_link_invalid',
  },
} as const;
