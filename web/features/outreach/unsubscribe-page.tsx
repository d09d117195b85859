import { useSearchParams } from 'react-router';
import { CircleCheck, Loader2, MailX } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { AuthShell, StatusIcon } from '@web/features/auth/auth-shell';
import { errorMessage } from '@web/features/auth/form-errors';
import { useUnsubscribe, useUnsubscribeLink } from './api';

/**
 * /outreach/unsubscribe?m=&s=: the visible link of every outreach email (ADR 066). The address's
 * owner stops every recruiter's email through PhysicianDirect, or only this sender's; no sign-in
 * (the link is signed). Mail clients' one-click button POSTs the same link and stops everything.
 */
export function OutreachUnsubscribePage() {
  const [params] = useSearchParams();
  const m = params.get('m')?.trim() ?? '';
  const s = params.get('s')?.trim() ?? '';
  const link = useUnsubscribeLink(m, s);
  const unsubscribe = useUnsubscribe(m, s);

  if (!m || !s || link.isError) {
    return (
      <AuthShell title="This link does not work" description="Open the unsubscribe link from the email again, or reply to the email and ask to be removed." icon={<StatusIcon tone="destructive"><MailX /></StatusIcon>} />
    );
  }
  if (link.isPending) {
    return <AuthShell title="Unsubscribe" description="Loading..." icon={<StatusIcon><Loader2 className="animate-spin" /></StatusIcon>} />;
  }
  const { email, sender, scope } = link.data;
  if (scope) {
    return (
      <AuthShell
        title="You're unsubscribed"
        icon={<StatusIcon tone="success"><CircleCheck /></StatusIcon>}
        description={
          <p role="status">
            {scope === 'all'
              ? `${email} will get no more recruiter emails through PhysicianDirect, from anyone.`
              : `${email} will get no more emails from ${sender} through PhysicianDirect.`}
          </p>
        }
      />
    );
  }
  return (
    <AuthShell title="Unsubscribe from recruiter emails" description={`For ${email}. ${sender} wrote to you through PhysicianDirect.`}>
      <div className="flex flex-col gap-3">
        <Button size="lg" className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate('all')}>
          Stop all recruiter emails
        </Button>
        <Button size="lg" variant="outline" className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate('sender')}>
          Stop only {sender}’s emails
        </Button>
        {unsubscribe.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(unsubscribe.error, 'Could not unsubscribe. Please try again.')}
          </p>
        )}
      </div>
    </AuthShell>
  );
}
