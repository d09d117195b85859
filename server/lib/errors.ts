import type { ErrorCode, ErrorResponse } from '../../contract/errors';
import type { PaidTier } from '../../contract/account';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  email_not_verified: 403,
  forbidden: 403,
  // 403, not 402: the caller is known but their plan does not include the call.
  subscription_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  invalid_token: 400,
  rate_limited: 429,
  internal: 500,
  service_unavailable: 503,
};

/** The one error type services throw; the error handler turns it into `ErrorResponse`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly requiredTier?: PaidTier;
  /** For rate_limited: whole seconds until a retry can succeed (the error handler sends Retry-After). */
  readonly retryAfterSeconds?: number;
  constructor(
    code: ErrorCode,
    message: string,
    extra: { fields?: Record<string, string>; requiredTier?: PaidTier; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = extra.fields;
    this.requiredTier = extra.requiredTier;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
  get status(): number {
    return STATUS[this.code];
  }
  toBody(): ErrorResponse {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.requiredTier ? { requiredTier: this.requiredTier } : {}),
      },
    };
  }
}

/** One-field validation error, e.g. fieldError('email', 'Please enter a valid email address.'). */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation_failed', message, { fields: { [field]: message } });
}

/** PostgreSQL SQLSTATE of an error, looking through the causes of an error that wraps it. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
