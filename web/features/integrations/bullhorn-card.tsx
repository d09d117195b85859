import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CircleCheck, Link2, Loader2, TriangleAlert, Unplug } from 'lucide-react';
import { BULLHORN_USERNAME_MAX, ConnectBullhornRequest, PUSH_OUTCOME_LABELS, PUSH_OUTCOMES, type BullhornConnection } from '@contract/integrations';
import { useCan } from '@web/app/session';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toast';
import { SettingsCard } from '@web/components/settings-card';
import { UpgradeHint } from '@web/components/upgrade-hint';
import { errorMessage } from '@web/features/auth/form-errors';
import { formatDate, formatDateTime, formatNumber } from '@web/lib/utils';
import { useBullhornConnection, useConnectBullhorn, useDisconnectBullhorn, usePushes } from './api';

const CALLBACK_TOASTS: Record<string, () => void> = {
  connected: () => toast.success('Bullhorn connected'),
  denied: () => toast.error('Bullhorn was not connected', { description: 'The sign-in at Bullhorn was cancelled.' }),
  error: () => toast.error('Bullhorn was not connected', { description: 'Bullhorn did not accept the connection. Please try again.' }),
};

/**
 * Account settings > Integrations > Bullhorn (ADR 064): connect by Bullhorn's own sign-in (team
 * owners and admins, or a recruiter in no team), see who connected it and how many directory
 * physicians it holds, the latest pushes, and disconnect.
 */
export function BullhornCard() {
  const canUse = useCan('integrations:use');
  const [params, setParams] = useSearchParams();
  const outcome = params.get('bullhorn');
  useEffect(() => {
    if (!outcome) return;
    CALLBACK_TOASTS[outcome]?.();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('bullhorn');
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams]);

  return (
    <SettingsCard
      title="Bullhorn"
      description="Push physicians to your Bullhorn as candidates without duplicates, and see who is already there (In your ATS)."
    >
      {canUse ? <Connection /> : <UpgradeHint>The Bullhorn integration comes with the Monthly and Annual Plans.</UpgradeHint>}
    </SettingsCard>
  );
}


function Connection() {
  const connection = useBullhornConnection();
  if (connection.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading...
      </p>
    );
  }
  if (connection.isError) return <p className="text-sm text-destructive">Could not load the Bullhorn connection.</p>;
  const data = connection.data;
  if (!data.configured) {
    return <p className="text-sm text-muted-foreground">Bullhorn is not set up on this server yet: the operator adds the Bullhorn app’s client id and secret.</p>;
  }
  if (data.status === 'connected') return <Connected connection={data} />;
  return (
    <div className="flex flex-col gap-4">
      {data.status === 'broken' && data.lastError && (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-red-50 p-3 text-sm text-destructive">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {data.lastError}
        </p>
      )}
      {data.canManage ? <ConnectForm /> : <p className="text-sm text-slate-700">Bullhorn is not connected. Your team’s owner or an admin can connect it.</p>}
    </div>
  );
}

function ConnectForm() {
  const connect = useConnectBullhorn();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ConnectBullhornRequest.safeParse({ username });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter your Bullhorn user name.');
      return;
    }
    setError(null);
    connect.mutate(parsed.data, {
      // Bullhorn's own sign-in page; it comes back to this tab.
      onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
      onError: (failure) => setError(errorMessage(failure, 'Bullhorn could not be reached. Please try again.')),
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2" aria-label="Connect Bullhorn">
      <Label htmlFor="bullhorn-username">Bullhorn user name</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="bullhorn-username"
          value={username}
          autoComplete="username"
          maxLength={BULLHORN_USERNAME_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'bullhorn-username-error' : 'bullhorn-username-hint'}
          onChange={(event) => setUsername(event.target.value)}
        />
        <Button type="submit" className="w-full sm:w-auto" disabled={connect.isPending}>
          {connect.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Link2 aria-hidden />}
          Connect Bullhorn
        </Button>
      </div>
      {error ? (
        <p id="bullhorn-username-error" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id="bullhorn-username-hint" className="text-xs text-muted-foreground">
          You sign in at Bullhorn; we keep only the connection’s tokens, encrypted, never your password.
        </p>
      )}
    </form>
  );
}

function Connected({ connection }: { connection: BullhornConnection }) {
  const disconnect = useDisconnectBullhorn();
  const pushes = usePushes();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-2">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
          <div className="text-sm">
            <p className="font-medium text-foreground">
              Connected as {connection.username}
              {connection.connectedBy ? ` by ${connection.connectedBy}` : ''}
              {connection.connectedAt ? ` on ${formatDate(connection.connectedAt)}` : ''}
            </p>
            <p className="text-muted-foreground">
              {formatNumber(connection.inAts)} directory {connection.inAts === 1 ? 'physician is' : 'physicians are'} in your Bullhorn
              {connection.refreshedAt ? ` (checked ${formatDateTime(connection.refreshedAt)})` : ''}.
            </p>
          </div>
        </div>
        {connection.canManage && (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline" className="w-full sm:w-auto">
                <Unplug aria-hidden />
                Disconnect
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>Disconnect Bullhorn?</AlertDialogTitle>
                <AlertDialogDescription>
                  The connection’s tokens, the In your ATS flags and the push history are deleted. Candidates already in Bullhorn stay there.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  onClick={() =>
                    disconnect.mutate(undefined, {
                      onSuccess: () => toast.success('Bullhorn disconnected'),
                      onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not disconnect. Please try again.') }),
                    })
                  }
                >
                  Disconnect
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        )}
      </div>
      <div>
        <h3 className="mb-2 text-sm font-medium">Latest pushes</h3>
        {pushes.isPending ? (
          <p className="text-sm text-muted-foreground">Loading pushes...</p>
        ) : pushes.isError ? (
          <p className="text-sm text-destructive">Could not load the pushes.</p>
        ) : pushes.data.pushes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pushes yet. Push a selection, a list or a profile from the directory.</p>
        ) : (
          <ul className="divide-y rounded-lg border text-sm" aria-label="Latest pushes">
            {pushes.data.pushes.map((push) => (
              <li key={push.id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-center sm:justify-between">
                <span>
                  {formatDateTime(push.createdAt)} · {push.createdBy ?? 'a former member'} · {formatNumber(push.total)} {push.source === 'list' ? 'from a list' : push.source === 'profile' ? 'profile' : 'selected'}
                </span>
                <span className="text-muted-foreground">
                  {push.status === 'queued' || push.status === 'running'
                    ? 'Pushing...'
                    : PUSH_OUTCOMES.filter((o) => push.counts[o] > 0)
                        .map((o) => `${PUSH_OUTCOME_LABELS[o]} ${push.counts[o]}`)
                        .join(' · ') || (push.error ?? 'Done')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
