import type { z } from 'zod';
import { isApiError } from '@web/lib/api';

/** Field name -> first message, from a zod failure (the same schemas the server validates with). */
export type FieldErrors = Partial<Record<string, string>>;

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Validates `values` with `schema`: the field errors, or none. */
export function validate(schema: z.ZodType, values: unknown): FieldErrors {
  const result = schema.safeParse(values);
  return result.success ? {} : zodFieldErrors(result.error);
}

/** The server's per-field reasons (400 validation_failed), to show under the fields. */
export function serverFieldErrors(error: unknown): FieldErrors {
  return isApiError(error) && error.fields ? { ...error.fields } : {};
}

/** The error's own message when it has one, else `fallback` (the spec's toast texts). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
