import type { TeamInvitation } from '@contract/team';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { formatDate } from '@web/lib/utils';
import { toastTeamError, useResendInvitation, useRevokeInvitation } from './api';

/** Open invitations (owners and admins): pending ones hold a seat until they expire. */
export function InvitationsList({ invitations }: { invitations: TeamInvitation[] }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-3 border-t pt-6">
      <h3 id="invitations-heading" className="font-semibold">
        Invitations
      </h3>
      {invitations.length === 0 ? (
        <p className="text-sm text-muted-foreground">No open invitations.</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-lg border" aria-label="Open invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                  <span className="truncate">{invitation.email}</span>
                  <Badge variant="muted">{invitation.role === 'admin' ? 'Admin' : 'Member'}</Badge>
                  {invitation.status === 'expired' && <Badge variant="warning">Expired</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">
                  {invitation.status === 'expired'
                    ? `Expired on ${formatDate(invitation.expiresAt)}: it holds no seat.`
                    : `Sent ${formatDate(invitation.createdAt)}${invitation.invitedByName ? ` by ${invitation.invitedByName}` : ''}; expires ${formatDate(invitation.expiresAt)}.`}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Send the invitation to ${invitation.email} again`}
                  onClick={() =>
                    resend.mutate(invitation.id, {
                      onSuccess: () => toast.success('Invitation sent again', { description: `A new link went to ${invitation.email}.` }),
                      onError: toastTeamError('Could not send the invitation again'),
                    })
                  }
                >
                  Resend
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                  onClick={() =>
                    revoke.mutate(invitation.id, {
                      onSuccess: () => toast.success('Invitation revoked', { description: 'Its link no longer works and its seat is free.' }),
                      onError: toastTeamError('Could not revoke the invitation'),
                    })
                  }
                >
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
