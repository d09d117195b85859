import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Loader2, MailCheck } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { EmailOnlyRequest } from '@contract/auth';
import { Button } from '@web/components/ui/button';
import { authApi } from './api';
import { EmailField } from './auth-fields';
import { AuthShell, StatusIcon, authLinkClassName } from './auth-shell';
import { errorMessage, serverFieldErrors, validate } from './form-errors';

const backToLogin = (
  <Link to="/login" className={authLinkClassName}>
    Back to log in
  </Link>
);

/**
 * /forgot-password: asks for a reset link. The answer is the same whether or not the address
 * has an account (the server never says), so the page always moves on to "Check your email".
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();

  const request = useMutation({
    mutationFn: authApi.forgotPassword,
    onError: (error) => {
      setServerError(serverFieldErrors(error).email);
      toast.error(errorMessage(error, 'Could not send the reset link. Please try again.'));
    },
  });

  if (request.isSuccess) {
    return (
      <AuthShell
        icon={
          <StatusIcon>
            <MailCheck />
          </StatusIcon>
        }
        title="Check your email"
        description={
          <p>
            If an account exists for{' '}
            <strong className="font-semibold break-all text-foreground">{request.variables.email}</strong>,
            we've sent a link to reset your password. Check your spam folder if it doesn't arrive in a few
            minutes.
          </p>
        }
        footer={backToLogin}
      >
        <Button variant="outline" size="lg" className="w-full" onClick={() => request.reset()}>
          Use a different email
        </Button>
      </AuthShell>
    );
  }

  const error = serverError ?? (submitted ? validate(EmailOnlyRequest, { email }).email : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (validate(EmailOnlyRequest, { email }).email) {
      document.getElementById('forgot-email')?.focus();
      return;
    }
    request.mutate({ email: email.trim() });
  }

  return (
    <AuthShell
      title="Forgot your password?"
      description={
        <p>Enter the email address you signed up with and we'll send you a link to reset your password.</p>
      }
      footer={backToLogin}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Reset password">
        <EmailField
          id="forgot-email"
          value={email}
          onChange={(value) => {
            setEmail(value);
            setServerError(undefined);
          }}
          error={error}
        />
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          {request.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Send reset link
        </Button>
      </form>
    </AuthShell>
  );
}
