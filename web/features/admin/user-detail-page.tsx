import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '@web/components/ui/toast';
import { ArrowLeft } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { useMe } from '@web/app/session';
import { formatDate, formatDateTime, formatNumber, pluralize } from '@web/lib/utils';
import { useRevokeSessions, useSetRole, useUserDetail } from './api';
import { ConfirmButton } from './confirm-button';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium text-foreground">{children}</dd>
    </div>
  );
}


/** /users/:id: one user for an operator: account, role, subscription, sessions, exports, reveals. */
export function UserDetailPage() {
  const { id = '' } = useParams();
  const me = useMe();
  const detail = useUserDetail(id);
  const revoke = useRevokeSessions(id);
  const setRole = useSetRole(id);

  if (detail.isPending) return <PageSpinner label="Loading user" />;
  if (detail.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">User not found</h1>
        <p className="mt-2 text-muted-foreground">{detail.error.message}</p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/users">Back to users</Link>
        </Button>
      </div>
    );
  }
  const { user, subscription, sessions, recentExports, recentReveals, totalExports, totalReveals, team } = detail.data;
  const isSelf = me.user?.id === user.id;

  function changeRole(role: 'admin' | 'user') {
    setRole.mutate(role, {
      onSuccess: () =>
        toast.success(role === 'admin' ? 'Admin granted' : 'Admin revoked', {
          description: `${user.email} is now ${role === 'admin' ? 'an admin' : 'a regular user'}.`,
        }),
      onError: (error) => toast.error('Role change failed', { description: error.message }),
      onSettled: () => detail.refetch(),
    });
  }

  return (
    <div className="bg-surface flex-1">
      <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <Link to="/users" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> All users
        </Link>
        <header className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 break-all text-2xl font-semibold tracking-tight">{user.email}</h1>
          {user.role === 'admin' && <Badge variant="destructive">Admin</Badge>}
        </header>

        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Account</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="divide-y">
                <Field label="Name">{user.name || '—'}</Field>
                <Field label="Email verified">{user.emailVerified ? 'Yes' : 'No'}</Field>
                <Field label="Signup Date">{formatDate(user.signupDate, 'N/A')}</Field>
                <Field label="Last Sign In">{formatDateTime(user.lastSignInAt, 'Never')}</Field>
                <Field label="Role">{user.role === 'admin' ? 'Admin' : 'User'}</Field>
              </dl>
              <div className="mt-4">
                {user.role === 'admin' ? (
                  <ConfirmButton
                    label="Revoke admin"
                    title="Revoke admin?"
                    description={`${user.email} will lose access to the admin screens and calls.`}
                    confirm="Revoke admin"
                    destructive
                    disabled={isSelf || setRole.isPending}
                    onConfirm={() => changeRole('user')}
                  />
                ) : (
                  <ConfirmButton
                    label="Grant admin"
                    title="Grant admin?"
                    description={`${user.email} will be able to approve resumes, see every user and change roles.`}
                    confirm="Grant admin"
                    disabled={setRole.isPending}
                    onConfirm={() => changeRole('admin')}
                  />
                )}
                {isSelf && <p className="mt-2 text-xs text-muted-foreground">You cannot revoke your own admin role.</p>}
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle className="text-base">Subscription</CardTitle>
            </CardHeader>
            <CardContent>
              {subscription ? (
                <dl className="divide-y">
                  <Field label="Plan">{subscription.plan}</Field>
                  <Field label="Status">
                    <Badge variant={subscription.status === 'active' ? 'success' : subscription.status === 'trialing' ? 'info' : 'muted'}>
                      {subscription.status === 'trialing' ? 'Trial' : subscription.status}
                    </Badge>
                  </Field>
                  <Field label="Provider">{subscription.provider}</Field>
                  <Field label={subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews'}>
                    {formatDate(subscription.currentPeriodEnd, '—')}
                  </Field>
                </dl>
              ) : (
                <p className="text-sm text-muted-foreground">Free — no subscription.</p>
              )}
            </CardContent>
          </Card>
        </div>

        {team && (
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Team</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6 md:grid-cols-2">
              <dl className="divide-y">
                <Field label="Team">{team.name}</Field>
                <Field label="Role">{team.role === 'owner' ? 'Owner (pays)' : team.role === 'admin' ? 'Admin' : 'Member'}</Field>
                <Field label="Owner">{team.ownerEmail}</Field>
                <Field label="Seats">
                  {team.members} of {pluralize(team.seats, 'seat')} taken by members
                </Field>
              </dl>
              <div>
                <p className="mb-2 text-sm font-medium text-foreground">Latest team changes</p>
                {team.events.length === 0 ? (
                  <p className="text-sm text-muted-foreground">None recorded.</p>
                ) : (
                  <ul className="divide-y text-sm" aria-label="Latest team changes">
                    {team.events.map((e, i) => (
                      <li key={i} className="py-1.5">
                        <span className="font-medium">{e.label}</span>
                        <span className="text-muted-foreground">
                          {' '}
                          · {e.actorEmail ?? 'system'} · {formatDateTime(e.createdAt)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </CardContent>
          </Card>
        )}

        <Card>
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
            <CardTitle className="text-base">Sessions ({sessions.length})</CardTitle>
            <ConfirmButton
              label="Revoke all sessions"
              title="Sign this user out everywhere?"
              description={`Every session of ${user.email} ends now; they must sign in again.${isSelf ? ' This includes your own session.' : ''}`}
              confirm="Revoke all"
              destructive
              disabled={sessions.length === 0 || revoke.isPending}
              onConfirm={() =>
                revoke.mutate(undefined, {
                  onSuccess: (result) => toast.success('Sessions revoked', { description: `${pluralize(result.revoked, 'session')} ended.` }),
                  onError: (error) => toast.error('Revoke failed', { description: error.message }),
                })
              }
            />
          </CardHeader>
          <CardContent>
            {sessions.length === 0 ? (
              <p className="text-sm text-muted-foreground">No active sessions.</p>
            ) : (
              <ul className="divide-y text-sm">
                {sessions.map((s) => (
                  <li key={s.id} className="py-2">
                    <p className="break-words font-medium">{s.userAgent || 'Unknown device'}</p>
                    <p className="text-muted-foreground">
                      {s.ip ?? 'unknown IP'} · signed in {formatDateTime(s.createdAt)} · last seen {formatDateTime(s.lastSeenAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Recent exports ({formatNumber(totalExports)} contacts in all)</CardTitle>
            </CardHeader>
            <CardContent>
              {recentExports.length === 0 ? (
                <p className="text-sm text-muted-foreground">No exports yet.</p>
              ) : (
                <ul className="divide-y text-sm">
                  {recentExports.map((e) => (
                    <li key={e.id} className="flex justify-between gap-3 py-2">
                      <span>{formatDateTime(e.exportDate)}</span>
                      <span className="tabular-nums text-muted-foreground">
                        {pluralize(e.exportCount, 'contact')} · {e.format.toUpperCase()}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Recent reveals ({formatNumber(totalReveals)} in all)</CardTitle>
            </CardHeader>
            <CardContent>
              {recentReveals.length === 0 ? (
                <p className="text-sm text-muted-foreground">No reveals yet.</p>
              ) : (
                <ul className="divide-y text-sm">
                  {recentReveals.map((r) => (
                    <li key={r.id} className="flex justify-between gap-3 py-2">
                      <Link to={`/physician/${r.physicianId}`} className="text-primary hover:underline">
                        {r.physicianName ?? `Physician ${r.physicianId}`}
                      </Link>
                      <span className="text-muted-foreground">{formatDateTime(r.createdAt)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
