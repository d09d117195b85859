import { Link, useParams, useSearchParams } from 'react-router';
import { Button } from '@web/components/ui/button';
import { SingleUseLinkPage } from '@web/features/auth/single-use-link-page';
import { isApiError } from '@web/lib/api';
import { unsubscribeAlert } from './api';

const manageAlerts = (
  <Button asChild size="lg" className="w-full">
    <Link to="/account?tab=notifications">Manage alerts</Link>
  </Button>
);

/**
 * /alerts/:id/unsubscribe?signature=...[&follower=...]: the one-click link of an alert digest.
 * Opening it turns the alert off, or for a teammate following a shared search ends their following
 * (no sign-in: the signature proves the link is ours).
 */
export function UnsubscribeAlertPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const signature = searchParams.get('signature')?.trim() ?? '';
  // A teammate's digest of a shared search: the link ends that follower's following only.
  const follower = searchParams.get('follower')?.trim() || undefined;
  return (
    <SingleUseLinkPage
      queryKey={['unsubscribe-alert', id]}
      secret={signature}
      call={() => unsubscribeAlert(id, signature, follower)}
      pending={{ title: 'Unsubscribing', message: 'Please wait while we turn this alert off.' }}
      success={(alert) => ({
        title: "You're unsubscribed",
        message: follower
          ? `You no longer follow your team's saved search "${alert.name}" and will not get its new-match emails. The search itself is still shared with your team.`
          : `You will no longer get new-match emails for the saved search "${alert.name}". The search itself is still saved.`,
        actions: (
          <>
            {manageAlerts}
            <Button asChild variant="outline" size="lg" className="w-full">
              <Link to="/">Return to Homepage</Link>
            </Button>
          </>
        ),
      })}
      failure={(error) => ({
        title: 'Unsubscribe failed',
        message: !error
          ? 'This unsubscribe link is incomplete. Open it again from the email, or change your alerts under Account, Notifications.'
          : isApiError(error)
            ? error.message
            : 'We could not turn the alert off. Please try again.',
        actions: manageAlerts,
      })}
    />
  );
}
