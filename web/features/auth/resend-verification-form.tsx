import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { EmailOnlyRequest } from '@contract/auth';
import { Button } from '@web/components/ui/button';
import { useResendVerification } from './api';
import { EmailField } from './auth-fields';
import { validate } from './form-errors';

/** An email field and a button asking for a new verification link (expired or used links). */
export function ResendVerificationForm({ returnTo = null }: { returnTo?: string | null }) {
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
    resend(email, returnTo);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Resend verification email"
    >
      <EmailField
        id="resend-email"
        value={email}
        onChange={setEmail}
        error={error}
        help="We'll send a new verification link to this address."
      />
      <Button type="submit" variant="outline" size="lg" className="w-full" disabled={isPending}>
        {isPending && <Loader2 className="animate-spin" aria-hidden />}
        Resend verification email
      </Button>
    </form>
  );
}
