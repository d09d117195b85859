import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { InvitableRole, Team, TeamMember } from '@contract/team';
import { useMe } from '@web/app/session';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/toast';
import { formatDate, formatNumber, pluralize } from '@web/lib/utils';
import { toastTeamError, useRemoveMember, useTransferOwnership, useUpdateMember } from './api';
import { RevealCapDialog } from './reveal-cap-dialog';

const ROLE_BADGE = {
  owner: <Badge variant="teal">Owner</Badge>,
  admin: <Badge variant="info">Admin</Badge>,
  member: <Badge variant="muted">Member</Badge>,
} as const;

type Pending = { kind: 'remove' | 'leave' | 'handover'; member: TeamMember } | null;

/** The team's members: roles, and what the caller may do to each (the server decides; this mirrors it). */
export function MembersTable({ team }: { team: Team }) {
  const me = useMe();
  const navigate = useNavigate();
  const changeRole = useUpdateMember();
  const remove = useRemoveMember();
  const handOver = useTransferOwnership();
  const [pending, setPending] = useState<Pending>(null);
  // Who receives a removed member's lists and saved searches: an owner or admin, the caller first.
  const [heir, setHeir] = useState<string | null>(null);
  const heirs = team.members.filter((m) => (m.role === 'owner' || m.role === 'admin') && m.userId !== pending?.member.userId);
  const chosenHeir = heir ?? me.user?.id ?? '';
  const manager = team.myRole === 'owner' || team.myRole === 'admin';
  const nameOf = (m: TeamMember) => m.name ?? m.email;

  function confirm() {
    if (!pending) return;
    const { kind, member } = pending;
    setPending(null);
    if (kind === 'handover') {
      handOver.mutate(member.userId, {
        onSuccess: () => toast.success('Team handed over', { description: `${nameOf(member)} owns the team and its subscription now.` }),
        onError: toastTeamError('Could not hand the team over'),
      });
    } else {
      remove.mutate({ userId: member.userId, transferTo: kind === 'remove' ? chosenHeir : undefined }, {
        onSuccess: () => {
          if (kind === 'leave') {
            toast.success('You left the team');
            void navigate('/account?tab=team', { replace: true });
          } else toast.success('Member removed', { description: `${nameOf(member)} no longer uses a seat of your team.` });
        },
        onError: toastTeamError(kind === 'leave' ? 'Could not leave the team' : 'Could not remove the member'),
      });
    }
  }

  const setRole = (member: TeamMember, role: InvitableRole) =>
    changeRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () => toast.success('Role changed', { description: `${nameOf(member)} is ${role === 'admin' ? 'an admin' : 'a member'} now.` }),
        onError: toastTeamError('Could not change the role'),
      },
    );

  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-3 border-t pt-6">
      <h3 id="members-heading" className="font-semibold">
        Members
      </h3>
      <ul className="flex flex-col divide-y rounded-lg border" aria-label="Team members">
        {team.members.map((member) => {
          const self = member.userId === me.user?.id;
          return (
            <li key={member.userId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-foreground">
                  <span className="truncate">{nameOf(member)}</span>
                  {self && <span className="text-xs text-muted-foreground">(you)</span>}
                  {ROLE_BADGE[member.role]}
                </p>
                <p className="truncate text-sm text-muted-foreground">
                  {member.name ? `${member.email} · ` : ''}joined {formatDate(member.joinedAt)}
                </p>
                {/* Another member's month is their managers' to read (null here): ADR 061. */}
                {member.revealsThisMonth !== null && member.exportsThisMonth !== null && (
                  <p className="text-sm text-muted-foreground">
                    {pluralize(member.revealsThisMonth, 'reveal')} this month
                    {member.revealCap !== null && ` of a ${formatNumber(member.revealCap)} cap`}
                    {' · '}
                    {pluralize(member.exportsThisMonth, 'exported contact')}
                    {member.exportCap !== null && ` of a ${formatNumber(member.exportCap)} cap`}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {manager && <RevealCapDialog member={member} name={nameOf(member)} />}
                {manager && member.role !== 'owner' && !self && (
                  <>
                    <Button variant="outline" size="sm" onClick={() => setRole(member, member.role === 'admin' ? 'member' : 'admin')} aria-label={`${member.role === 'admin' ? 'Make member' : 'Make admin'}: ${nameOf(member)}`}>
                      {member.role === 'admin' ? 'Make member' : 'Make admin'}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => {
                        setHeir(null);
                        setPending({ kind: 'remove', member });
                      }}
                      aria-label={`Remove ${nameOf(member)}`}
                    >
                      Remove
                    </Button>
                  </>
                )}
                {team.myRole === 'owner' && !self && (
                  <Button variant="ghost" size="sm" onClick={() => setPending({ kind: 'handover', member })} aria-label={`Hand the team over to ${nameOf(member)}`}>
                    Hand over
                  </Button>
                )}
                {self && member.role !== 'owner' && (
                  <Button variant="outline" size="sm" onClick={() => setPending({ kind: 'leave', member })}>
                    Leave team
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <AlertDialog open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {pending?.kind === 'handover'
                ? `Hand ${team.name} over to ${pending && nameOf(pending.member)}?`
                : pending?.kind === 'leave'
                  ? `Leave ${team.name}?`
                  : `Remove ${pending && nameOf(pending.member)}?`}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {pending?.kind === 'handover'
                ? 'They become the owner and pay for the team’s subscription from now on; you become an admin.'
                : pending?.kind === 'leave'
                  ? 'You lose the team’s plan at once and keep your own account.'
                  : 'Their access under the team ends at once and their seat is free; their lists and saved searches stay with the team, and what they revealed and exported stays in its history.'}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {pending?.kind === 'remove' && (
            <FormField label="Give their lists and saved searches to" id="team-heir">
              <Select value={chosenHeir} onValueChange={setHeir}>
                <SelectTrigger id="team-heir">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {heirs.map((m) => (
                    <SelectItem key={m.userId} value={m.userId}>
                      {m.userId === me.user?.id ? `${nameOf(m)} (you)` : nameOf(m)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={confirm}>
              {pending?.kind === 'handover' ? 'Hand over' : pending?.kind === 'leave' ? 'Leave team' : 'Remove'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
