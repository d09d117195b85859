import { useQuery } from '@tanstack/react-query';
import { SINGLE_USE_LINK_QUERY } from '@web/lib/single-use-link';
import { Link, useSearchParams } from 'react-router';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { AUTH_MESSAGES } from '@contract/auth';
import { loginPath, isStartTrialPath } from '@contract/local-path';
import { Button } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api';
import { authApi } from './api';
import { AuthShell, StatusIcon } from './auth-shell';
import { ResendVerificationForm } from './resend-verification-form';
import { returnToParam } from './return-to';

/**
 * /verify-email?token=...: the link from the signup email. The token is single use, so the
 * call runs as a query: one request per token even when React mounts the page twice.
 * `&return_to=` (set at sign-up: Start Free Trial, a card's contact prompt) is where 'Log in'
 * leads after signing in.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const returnTo = returnToParam(searchParams.get('return_to'));
  const trial = isStartTrialPath(returnTo);
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => authApi.verifyEmail(token),
    enabled: token !== '',
    ...SINGLE_USE_LINK_QUERY,
  });

  if (token && verification.isPending) return <PageSpinner label="Verifying your email" />;

  if (token && verification.isSuccess) {
    return (
      <AuthShell
        icon={
          <StatusIcon tone="success">
            <CircleCheck />
          </StatusIcon>
        }
        title="Email verified"
        description={
          <p>
            {trial
              ? 'Your email address has been confirmed. Log in to start your 7-day free trial of the Monthly plan.'
              : 'Your email address has been confirmed. You can now log in to your account.'}
          </p>
        }
      >
        <Button asChild size="lg" className="w-full">
          <Link to={loginPath(returnTo)} replace>
            {trial ? 'Log in to start your free trial' : 'Log in'}
          </Link>
        </Button>
      </AuthShell>
    );
  }

  // No token, or the server refused it (expired, already used, unknown).
  const error = verification.error;
  const message =
    !token || (isApiError(error) && error.code === 'invalid_token')
      ? AUTH_MESSAGES.invalidToken
      : (error?.message ?? AUTH_MESSAGES.invalidToken);

  return (
    <AuthShell
      icon={
        <StatusIcon tone="destructive">
          <LinkIcon />
        </StatusIcon>
      }
      title="Verification failed"
      description={<p role="alert">{message}</p>}
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to log in
        </Link>
      }
    >
      <ResendVerificationForm returnTo={returnTo} />
    </AuthShell>
  );
}
