import type { ReactNode } from 'react';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

type AuthFieldProps = {
  /** The control's id (the forms focus the first invalid field by it). */
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  help?: ReactNode;
};

/** The required email field of the auth forms: label 'Email' unless told otherwise. */
export function EmailField({
  label = 'Email',
  id,
  value,
  onChange,
  error,
  help,
}: AuthFieldProps & { label?: string }) {
  return (
    <FormField label={label} id={id} error={error} help={help}>
      <Input
        aria-required
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@company.com"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}

/** A required password field of the auth forms. */
export function PasswordField({
  label,
  name,
  autoComplete,
  id,
  value,
  onChange,
  error,
  help,
}: AuthFieldProps & {
  label: string;
  name: 'password' | 'confirmPassword' | 'currentPassword' | 'newPassword';
  autoComplete: 'new-password' | 'current-password';
}) {
  return (
    <FormField label={label} id={id} error={error} help={help}>
      <Input
        aria-required
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  );
}
