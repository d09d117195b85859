import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Loader2, Pencil, Send, UsersRound } from 'lucide-react';
import { TEAM_NAME_MAX, type InvitableRole, type Team } from '@contract/team';
import { useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import { SettingsCard } from '@web/components/settings-card';
import { isApiError } from '@web/lib/api';
import { pluralize } from '@web/lib/utils';
import { useCreateTeam, useInviteMember, useRenameTeam, useTeam } from './api';
import { InvitationsList } from './invitations-list';
import { MembersTable } from './members-table';
import { UsageSection } from './usage-section';

/** Account -> Team (docs/decisions/061-teams.md): start a team, or run the one you are in. */
export function TeamTab() {
  const team = useTeam();
  return (
    <SettingsCard title="Team" description="Your recruiters, their roles and the seats of your plan.">
      {team.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading your team">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : team.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Your team could not be loaded. Try again in a moment.
        </p>
      ) : team.data.team ? (
        <TeamDetails team={team.data.team} />
      ) : (
        <StartTeam />
      )}
    </SettingsCard>
  );
}

const errorText = (error: unknown) => (isApiError(error) ? error.message : 'Something went wrong. Try again.');

function StartTeam() {
  const me = useMe();
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const fieldError = create.error && isApiError(create.error) ? (create.error.fields?.name ?? null) : null;

  if (!me.subscription.subscribed) {
    return (
      <div className="flex flex-col items-start gap-4 rounded-lg border border-dashed bg-muted/40 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <UsersRound className="mt-0.5 size-5 shrink-0 text-brand-teal" aria-hidden />
          <p className="text-sm text-muted-foreground">
            Teams run on a Monthly or Annual plan: subscribe, then invite your recruiters to share it, one seat each.
          </p>
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link to="/pricing">See plans</Link>
        </Button>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: () => toast.success('Team created', { description: 'Invite your recruiters: each uses one seat of your plan.' }),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Start a team" className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Invite your recruiters to work on your plan: one seat each, shared lists and one bill. You own the team and pay for
        its seats.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label="Team name" error={fieldError} className="flex-1">
          <Input value={name} maxLength={TEAM_NAME_MAX} onChange={(event) => setName(event.target.value)} placeholder="Northwind Recruiting" />
        </FormField>
        <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
          {create.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Start a team
        </Button>
      </div>
      {create.error && !fieldError && (
        <p role="alert" className="text-sm text-destructive">
          {errorText(create.error)}
        </p>
      )}
    </form>
  );
}

const ROLE_LABEL = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

function TeamDetails({ team }: { team: Team }) {
  const manager = team.myRole === 'owner' || team.myRole === 'admin';
  const share = Math.min(100, Math.round((team.seatsUsed / Math.max(team.seats, 1)) * 100));
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 rounded-lg border bg-primary-soft/40 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          {manager ? <TeamName name={team.name} /> : <p className="text-lg font-semibold text-foreground">{team.name}</p>}
          <p className="text-sm text-muted-foreground">You are its {ROLE_LABEL[team.myRole].toLowerCase()}.</p>
        </div>
        <div className="flex min-w-48 flex-col gap-1.5">
          <p className="text-sm font-medium text-foreground">
            {team.seatsUsed} of {pluralize(team.seats, 'seat')} used
          </p>
          <div
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Seats used"
            aria-valuemin={0}
            aria-valuemax={team.seats}
            aria-valuenow={team.seatsUsed}
          >
            <div className="h-full rounded-full bg-brand-teal" style={{ width: `${share}%` }} />
          </div>
          {team.myRole === 'owner' ? (
            <Link to="/account?tab=subscription" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              Add seats
            </Link>
          ) : manager ? (
            <p className="text-xs text-muted-foreground">The owner adds seats.</p>
          ) : null}
        </div>
      </div>
      {manager && <InviteForm full={team.seatsUsed >= team.seats} owner={team.myRole === 'owner'} />}
      <MembersTable team={team} />
      {manager && <InvitationsList invitations={team.invitations} />}
      {manager && <UsageSection />}
    </div>
  );
}

/** The team's name, and for owners and admins a 'Rename' that edits it in place. */
function TeamName({ name }: { name: string }) {
  const rename = useRenameTeam();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const fieldError = rename.error && isApiError(rename.error) ? (rename.error.fields?.name ?? rename.error.message) : null;
  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold break-words text-foreground">{name}</p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setValue(name);
            rename.reset();
            setEditing(true);
          }}
        >
          <Pencil aria-hidden />
          Rename
        </Button>
      </div>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    rename.mutate(value, {
      onSuccess: (answer) => {
        setEditing(false);
        toast.success('Team renamed', { description: `Your team is ${answer.team?.name ?? value.trim()} now.` });
      },
    });
  }
  return (
    <form onSubmit={submit} aria-label="Rename the team" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <FormField label="Team name" error={fieldError} className="flex-1">
        <Input value={value} maxLength={TEAM_NAME_MAX} onChange={(event) => setValue(event.target.value)} autoFocus />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function InviteForm({ full, owner }: { full: boolean; owner: boolean }) {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const fields = invite.error && isApiError(invite.error) ? invite.error.fields : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          toast.success('Invitation sent', { description: `${email.trim()} has 7 days to accept.` });
          setEmail('');
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Invite a recruiter" className="flex flex-col gap-3 border-t pt-6">
      <h3 className="font-semibold">Invite a recruiter</h3>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField label="Email" error={fields?.email ?? null} className="flex-1">
          <Input type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} placeholder="recruiter@agency.com" />
        </FormField>
        <FormField label="Role" className="sm:w-36" id="invite-role">
          <Select value={role} onValueChange={(next) => setRole(next as InvitableRole)}>
            <SelectTrigger id="invite-role">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="member">Member</SelectItem>
              <SelectItem value="admin">Admin</SelectItem>
            </SelectContent>
          </Select>
        </FormField>
        <Button type="submit" disabled={invite.isPending} className="w-full sm:w-auto">
          {invite.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          Send invitation
        </Button>
      </div>
      {invite.error && !fields?.email && (
        <p role="alert" className="text-sm text-destructive">
          {errorText(invite.error)}{' '}
          {owner && full && (
            <Link to="/account?tab=subscription" className="font-medium underline underline-offset-4">
              Add a seat
            </Link>
          )}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        Admins invite and manage members; members search, reveal and share lists on the team’s plan. A pending
        invitation holds a seat for 7 days.
      </p>
    </form>
  );
}
