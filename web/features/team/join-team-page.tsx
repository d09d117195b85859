import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleAlert, Loader2, UsersRound } from 'lucide-react';
import { useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { AuthShell, StatusIcon } from '@web/features/auth/auth-shell';
import { isApiError } from '@web/lib/api';
import { useAcceptInvitation, useInvitationPreview } from './api';

/**
 * /team/join?token=: the page an invitation email opens (docs/decisions/061-teams.md). It shows the
 * team, who invited and the role before anyone signs in; the account the invitation was sent to
 * accepts it (signing in or up first, back here after).
 */
export function JoinTeamPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const me = useMe();
  const navigate = useNavigate();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const here = `/team/join?token=${encodeURIComponent(token ?? '')}`;

  if (!token || preview.isError) {
    return (
      <AuthShell
        title="Invitation not valid"
        icon={
          <StatusIcon tone="destructive">
            <CircleAlert />
          </StatusIcon>
        }
        description={<p role="alert">This invitation link is no longer valid: ask your team for a new one.</p>}
        footer={<Link to="/">Go to the home page</Link>}
      />
    );
  }
  if (preview.isPending || me.isLoading) {
    return (
      <AuthShell title="Team invitation" description={<p role="status">Opening your invitation…</p>}>
        <Loader2 className="mx-auto animate-spin text-muted-foreground" aria-hidden />
      </AuthShell>
    );
  }

  const invitation = preview.data;
  const as = invitation.role === 'admin' ? 'an admin' : 'a member';
  const description = (
    <p>
      {invitation.invitedByName ?? 'A teammate'} invited you to join <strong className="text-foreground">{invitation.teamName}</strong> as{' '}
      {as}: search, reveal verified contacts and share lists on the team’s plan.
    </p>
  );
  const icon = (
    <StatusIcon>
      <UsersRound />
    </StatusIcon>
  );

  if (invitation.state === 'expired') {
    return (
      <AuthShell title={`Join ${invitation.teamName}`} icon={icon} description={description}>
        <p role="alert" className="text-center text-sm text-destructive">
          This invitation has expired: ask your team to send it again.
        </p>
      </AuthShell>
    );
  }

  if (!me.isSignedIn) {
    return (
      <AuthShell title={`Join ${invitation.teamName}`} icon={icon} description={description}>
        <div className="flex flex-col gap-3">
          <p className="text-center text-sm text-muted-foreground">
            Log in with <strong className="text-foreground">{invitation.email}</strong>, or create an account with it, to accept.
          </p>
          <Button asChild>
            <Link to={`/login?return_to=${encodeURIComponent(here)}`}>Log in to accept</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={`/signup?return_to=${encodeURIComponent(here)}`}>Create an account</Link>
          </Button>
        </div>
      </AuthShell>
    );
  }

  const otherAddress = me.user?.email.toLowerCase() !== invitation.email.toLowerCase();
  return (
    <AuthShell title={`Join ${invitation.teamName}`} icon={icon} description={description}>
      <div className="flex flex-col gap-3">
        {otherAddress ? (
          <p role="alert" className="text-center text-sm text-destructive">
            You are signed in as {me.user?.email}, but this invitation was sent to {invitation.email}. Sign in with that
            address to accept it.
          </p>
        ) : (
          <Button
            disabled={accept.isPending}
            onClick={() =>
              accept.mutate(token, {
                onSuccess: () => {
                  toast.success(`You joined ${invitation.teamName}`, { description: 'The team’s plan is yours now.' });
                  void navigate('/account?tab=team', { replace: true });
                },
              })
            }
          >
            {accept.isPending && <Loader2 className="animate-spin" aria-hidden />}
            Accept the invitation
          </Button>
        )}
        {accept.error && (
          <p role="alert" className="text-center text-sm text-destructive">
            {isApiError(accept.error) ? accept.error.message : 'Something went wrong. Try again.'}
          </p>
        )}
      </div>
    </AuthShell>
  );
}
