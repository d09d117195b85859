import { Link, useLocation } from 'react-router';
import { Loader2, MailCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useResendVerification } from './api';
import { AuthShell, StatusIcon } from './auth-shell';
import { returnToParam } from './return-to';

function emailFromState(state: unknown): string | null {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email ? email : null;
}

function returnToFromState(state: unknown): string | null {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  return typeof returnTo === 'string' ? returnToParam(returnTo) : null;
}

/**
 * /check-email-confirmation: after sign-up; the address comes in navigation state, with where
 * signing in afterwards leads (a resent link leads there too).
 */
export function CheckEmailPage() {
  const location = useLocation();
  const email = emailFromState(location.state);
  const returnTo = returnToFromState(location.state);
  const { resend, isPending } = useResendVerification();

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
          We've sent a verification link to{' '}
          {email ? (
            <strong className="font-semibold break-all text-foreground">{email}</strong>
          ) : (
            'your email address'
          )}
          . Click the link in the email to activate your account. If this address already has an account, the email
          tells you how to sign in instead.
        </p>
      }
    >
      <div className="flex flex-col gap-6">
        <p className="rounded-lg bg-muted px-4 py-3 text-center text-sm leading-relaxed text-muted-foreground">
          Can't find it? Check your spam or junk folder.
        </p>
        <div className="flex flex-col gap-3">
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            disabled={isPending}
            onClick={() => resend(email, returnTo)}
          >
            {isPending && <Loader2 className="animate-spin" aria-hidden />}
            Resend verification email
          </Button>
          <Button asChild size="lg" className="w-full">
            <Link to="/login">Back to log in</Link>
          </Button>
        </div>
      </div>
    </AuthShell>
  );
}
