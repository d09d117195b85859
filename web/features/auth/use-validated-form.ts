import { useState } from 'react';
import type { z } from 'zod';
import { validate, type FieldErrors } from './form-errors';

/**
 * The state every auth form keeps: its values, the server's field errors, and the client errors
 * from the same zod schema the server uses, shown from the first submit on (not on blur: a message
 * appearing as a field loses focus shifts the form under the pointer mid-click).
 */
export function useValidatedForm<Values extends Record<string, unknown>>(options: {
  schema: z.ZodType;
  initial: Values;
  /** Fields in screen order: a failed submit focuses the first invalid one. */
  fields: readonly (keyof Values & string)[];
  idPrefix: string;
  /** What the schema validates, when it needs more than the fields (e.g. the reset token). */
  toInput?: (values: Values) => unknown;
}) {
  const { schema, fields, idPrefix, toInput } = options;
  const [values, setValues] = useState<Values>(options.initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  type Field = keyof Values & string;
  const clientErrors = validate(schema, toInput ? toInput(values) : values);
  const fieldId = (field: Field) => `${idPrefix}-${field}`;
  const errorFor = (field: Field) => serverErrors[field] ?? (submitted ? clientErrors[field] : undefined);

  function update<K extends Field>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  /** Marks the form submitted; true when it may be sent, else focuses the first invalid field. */
  function readyToSubmit(): boolean {
    setSubmitted(true);
    const firstInvalid = fields.find((field) => clientErrors[field]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return false;
    }
    return true;
  }

  /** Back to the initial values with no messages (e.g. a contact form after it was sent). */
  function reset() {
    setValues(options.initial);
    setSubmitted(false);
    setServerErrors({});
  }

  return { values, update, clientErrors, errorFor, fieldId, setServerErrors, readyToSubmit, reset };
}
