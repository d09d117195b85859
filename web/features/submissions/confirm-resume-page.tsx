import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { SUBMISSION_MESSAGES } from '@contract/submissions';
import { Button } from '@web/components/ui/button';
import { AuthShell, StatusIcon } from '@web/features/auth/auth-shell';
import { isApiError } from '@web/lib/api';
import { SINGLE_USE_LINK_QUERY } from '@web/lib/single-use-link';
import { submissionsApi } from './api';

/**
 * /confirm-resume?token=...: the link from the submission's confirmation email (loading,
 * confirmed, error). The token is single use, so the call runs as a query: one request per token
 * even when React mounts the page twice. No token: the error at once.
 */
export function ConfirmResumePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const confirmation = useQuery({
    queryKey: ['confirm-resume', token],
    queryFn: () => submissionsApi.confirm(token),
    enabled: token !== '',
    ...SINGLE_USE_LINK_QUERY,
  });

  if (token && confirmation.isPending) {
    return (
      <AuthShell
        icon={
          <StatusIcon>
            <Loader2 className="animate-spin" />
          </StatusIcon>
        }
        title="Confirming your submission"
        description={<p role="status">Please wait while we confirm your email address.</p>}
      />
    );
  }

  if (token && confirmation.isSuccess) {
    return (
      <AuthShell
        icon={
          <StatusIcon tone="success">
            <CircleCheck />
          </StatusIcon>
        }
        title="Submission confirmed"
        description={
          <>
            <p role="status">{SUBMISSION_MESSAGES.confirmed}</p>
            <p className="mt-3">
              Our team reviews each submission within a few days. We will email you as soon as your profile is
              approved; a receipt is on its way to your inbox now.
            </p>
          </>
        }
      >
        <Button asChild size="lg" className="w-full">
          <Link to="/">Return to Homepage</Link>
        </Button>
      </AuthShell>
    );
  }

  const error = confirmation.error;
  const message = isApiError(error) && error.code === 'rate_limited' ? error.message : SUBMISSION_MESSAGES.confirmFailed;
  return (
    <AuthShell
      icon={
        <StatusIcon tone="destructive">
          <CircleAlert />
        </StatusIcon>
      }
      title="We could not confirm your submission"
      description={<p role="alert">{message}</p>}
    >
      <div className="flex flex-col gap-3">
        <Button asChild size="lg" className="w-full">
          <Link to="/submit-resume">Submit Again</Link>
        </Button>
        <Button asChild variant="outline" size="lg" className="w-full">
          <Link to="/">Return to Homepage</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
