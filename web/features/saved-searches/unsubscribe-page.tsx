import { useQuery } from '@tanstack/react-query';
import { SINGLE_USE_LINK_QUERY } from '@web/lib/single-use-link';
import { Link, useParams, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, Loader2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { AuthShell, StatusIcon } from '@web/features/auth/auth-shell';
import { isApiError } from '@web/lib/api';
import { unsubscribeAlert } from './api';

/**
 * /alerts/:id/unsubscribe?signature=...: the one-click link of an alert digest. Opening it turns
 * the alert off (no sign-in: the signature proves the link is ours); one request per link even
 * when React mounts the page twice.
 */
export function UnsubscribeAlertPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const signature = searchParams.get('signature')?.trim() ?? '';
  const result = useQuery({
    queryKey: ['unsubscribe-alert', id, signature],
    queryFn: () => unsubscribeAlert(id, signature),
    enabled: signature !== '',
    ...SINGLE_USE_LINK_QUERY,
  });

  if (signature && result.isPending) {
    return (
      <AuthShell
        icon={
          <StatusIcon>
            <Loader2 className="animate-spin" />
          </StatusIcon>
        }
        title="Unsubscribing"
        description={<p role="status">Please wait while we turn this alert off.</p>}
      />
    );
  }

  if (signature && result.isSuccess) {
    return (
      <AuthShell
        icon={
          <StatusIcon tone="success">
            <CircleCheck />
          </StatusIcon>
        }
        title="You're unsubscribed"
        description={
          <p role="status">
            You will no longer get new-match emails for the saved search "{result.data.name}". The search
            itself is still saved.
          </p>
        }
      >
        <div className="flex flex-col gap-3">
          <Button asChild size="lg" className="w-full">
            <Link to="/account?tab=notifications">Manage alerts</Link>
          </Button>
          <Button asChild variant="outline" size="lg" className="w-full">
            <Link to="/">Return to Homepage</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  const error = result.error;
  const message = !signature
    ? 'This unsubscribe link is incomplete. Open it again from the email, or change your alerts under Account, Notifications.'
    : isApiError(error)
      ? error.message
      : 'We could not turn the alert off. Please try again.';
  return (
    <AuthShell
      icon={
        <StatusIcon tone="destructive">
          <CircleAlert />
        </StatusIcon>
      }
      title="Unsubscribe failed"
      description={<p role="alert">{message}</p>}
    >
      <Button asChild size="lg" className="w-full">
        <Link to="/account?tab=notifications">Manage alerts</Link>
      </Button>
    </AuthShell>
  );
}
