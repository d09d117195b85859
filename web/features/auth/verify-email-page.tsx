import { Link, useSearchParams } from 'react-router';
import { LinkIcon } from 'lucide-react';
import { AUTH_MESSAGES } from '@contract/auth';
import { loginPath, isStartTrialPath } from '@contract/local-path';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api';
import { authApi } from './api';
import { StatusIcon } from './auth-shell';
import { ResendVerificationForm } from './resend-verification-form';
import { returnToParam } from './return-to';
import { SingleUseLinkPage } from './single-use-link-page';

/**
 * /verify-email?token=...: the link from the signup email. `&return_to=` (set at sign-up: Start
 * Free Trial, a card's contact prompt) is where 'Log in' leads after signing in.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const returnTo = returnToParam(searchParams.get('return_to'));
  const trial = isStartTrialPath(returnTo);
  return (
    <SingleUseLinkPage
      queryKey={['verify-email']}
      secret={token}
      call={() => authApi.verifyEmail(token)}
      pending={{ title: 'Verifying your email', message: 'Please wait while we confirm your email address.' }}
      success={() => ({
        title: 'Email verified',
        message: trial
          ? 'Your email address has been confirmed. Log in to start your 7-day free trial of the Monthly plan.'
          : 'Your email address has been confirmed. You can now log in to your account.',
        actions: (
          <Button asChild size="lg" className="w-full">
            <Link to={loginPath(returnTo)} replace>
              {trial ? 'Log in to start your free trial' : 'Log in'}
            </Link>
          </Button>
        ),
      })}
      // No token, or the server refused it (expired, already used, unknown).
      failure={(error) => ({
        title: 'Verification failed',
        icon: (
          <StatusIcon tone="destructive">
            <LinkIcon />
          </StatusIcon>
        ),
        message:
          !error || (isApiError(error) && error.code === 'invalid_token')
            ? AUTH_MESSAGES.invalidToken
            : error.message || AUTH_MESSAGES.invalidToken,
        actions: <ResendVerificationForm returnTo={returnTo} />,
        footer: (
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to log in
          </Link>
        ),
      })}
    />
  );
}
