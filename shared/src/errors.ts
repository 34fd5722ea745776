/**
 * Stable error codes shared by the API and the web client. Each has an HTTP status and an
 * i18n key under `errors.` in the catalogues (shared/src/i18n). Clients show the message
 * for the code; they never show server text.
 */
export const errorCatalog = {
  validation: { status: 422, key: 'errors.validation' },
  no_token: { status: 401, key: 'errors.noToken' },
  invalid_token: { status: 401, key: 'errors.loginRequired' },
  token_expired: { status: 401, key: 'errors.loginRequired' },
  refresh_invalid: { status: 401, key: 'errors.loginRequired' },
  refresh_reused: { status: 401, key: 'errors.loginRequired' },
  forbidden: { status: 403, key: 'errors.forbidden' },
  account_suspended: { status: 403, key: 'errors.accountSuspended' },
  registration_incomplete: { status: 403, key: 'errors.registrationIncomplete' },
  not_found: { status: 404, key: 'errors.notFound' },
  profile_not_found: { status: 404, key: 'errors.profileNotFound' },
  invalid_credentials: { status: 401, key: 'errors.invalidCredentials' },
  email_taken: { status: 409, key: 'errors.emailTaken' },
  email_not_registered: { status: 404, key: 'errors.emailNotRegistered' },
  username_taken: { status: 409, key: 'errors.usernameTaken' },
  code_invalid: { status: 400, key: 'errors.codeInvalid' },
  code_expired: { status: 400, key: 'errors.codeExpired' },
  code_attempts: { status: 429, key: 'errors.codeAttempts' },
  line_login_failed: { status: 400, key: 'errors.lineLoginFailed' },
  line_state_invalid: { status: 400, key: 'errors.lineStateInvalid' },
  birth_date_immutable: { status: 409, key: 'errors.birthDateImmutable' },
  bank_not_found: { status: 404, key: 'errors.bankSearch' },
  branch_not_found: { status: 404, key: 'errors.branchSearch' },
  step_not_skippable: { status: 409, key: 'errors.stepNotSkippable' },
  too_many_requests: { status: 429, key: 'errors.tooManyRequests' },
  bad_request: { status: 400, key: 'errors.badRequest' },
  internal: { status: 500, key: 'errors.communication' },
} as const;

export type ErrorCode = keyof typeof errorCatalog;

/** Body of every error response. `issues` only for 422 (one per field, message = i18n key). */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
}
