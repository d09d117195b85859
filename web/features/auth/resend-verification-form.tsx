import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { EmailOnlyRequest } from '@contract/auth';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useResendVerification } from './api';
import { validate } from './form-errors';

/** An email field and a button asking for a new verification link (expired or used links). */
export function ResendVerificationForm() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { resend, isPending } = useResendVerification();
  const error = submitted ? validate(EmailOnlyRequest, { email }).email : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (validate(EmailOnlyRequest, { email }).email) {
      document.getElementById('resend-email')?.focus();
      return;
    }
    resend(email);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Resend verification email"
    >
      <FormField
        label="Email"
        id="resend-email"
        error={error}
        help="We'll send a new verification link to this address."
      >
        <Input
          aria-required
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </FormField>
      <Button type="submit" variant="outline" size="lg" className="w-full" disabled={isPending}>
        {isPending && <Loader2 className="animate-spin" aria-hidden />}
        Resend verification email
      </Button>
    </form>
  );
}
