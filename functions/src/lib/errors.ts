import { type ErrorBody, type ErrorCode, errorCatalog } from '@app/shared/errors';

/** The one error type services throw; its code decides status and client message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues?: { path: string; message: string }[];
  params?: Record<string, string | number>;
  /** Seconds until the refused action can pass again (rate limits): Retry-After and `retry_after`. */
  retryAfter?: number;

  constructor(code: ErrorCode, detail?: string, issues?: { path: string; message: string }[]) {
    super(detail ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCatalog[code].status;
    if (issues) this.issues = issues;
  }

  /** Placeholder values for the client's message (`errors.*` keys with `{{name}}`). */
  with(params: Record<string, string | number>): this {
    this.params = params;
    return this;
  }

  /** A refusal that can be tried again after `seconds` (the client shows the wait in minutes). */
  retryIn(seconds: number): this {
    this.retryAfter = Math.max(1, Math.ceil(seconds));
    this.params = { ...this.params, minutes: Math.max(1, Math.ceil(this.retryAfter / 60)) };
    return this;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: this.code, message: errorCatalog[this.code].key };
    if (this.issues) body.issues = this.issues;
    if (this.params) body.params = this.params;
    if (this.retryAfter !== undefined) body.retry_after = this.retryAfter;
    return body;
  }
}

/** A 422 for one field, with the field's i18n message key. */
export function fieldError(path: string, message: string): AppError {
  return new AppError('validation', `${path}: ${message}`, [{ path, message }]);
}
