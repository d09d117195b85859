import { useQuery } from '@tanstack/react-query';
import { SINGLE_USE_LINK_QUERY } from '@web/lib/single-use-link';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { REMOVAL_MESSAGES } from '@contract/removal';
import { Button } from '@web/components/ui/button';
import { AuthShell, StatusIcon } from '@web/features/auth/auth-shell';
import { isApiError } from '@web/lib/api';
import { removalApi } from './api';

/**
 * /confirm-removal?token=...: the link from the removal email, with the spec's three states
 * (loading, success, error). The token is single use, so the call runs as a query: one request
 * per token even when React mounts the page twice. No token: the error at once.
 */
export function ConfirmRemovalPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const confirmation = useQuery({
    queryKey: ['confirm-removal', token],
    queryFn: () => removalApi.confirm(token),
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
        title={REMOVAL_MESSAGES.processingTitle}
        description={<p role="status">Please wait while we remove your information.</p>}
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
        title={REMOVAL_MESSAGES.removedTitle}
        description={
          <>
            <p role="status">{REMOVAL_MESSAGES.removed}</p>
            <p className="mt-3">Future updates of the directory will not add it again.</p>
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
  const message = !token
    ? REMOVAL_MESSAGES.noToken
    : isApiError(error) && error.code === 'rate_limited'
      ? error.message
      : REMOVAL_MESSAGES.confirmFailed;

  return (
    <AuthShell
      icon={
        <StatusIcon tone="destructive">
          <CircleAlert />
        </StatusIcon>
      }
      title={REMOVAL_MESSAGES.errorTitle}
      description={<p role="alert">{message}</p>}
    >
      <div className="flex flex-col gap-3">
        <Button asChild size="lg" className="w-full">
          <Link to="/remove-info">Try Again</Link>
        </Button>
        <Button asChild variant="outline" size="lg" className="w-full">
          <Link to="/">Return to Homepage</Link>
        </Button>
      </div>
    </AuthShell>
  );
}
