import { useState } from 'react';
import { Link } from 'react-router';
import { Loader2, Send } from 'lucide-react';
import { BULLHORN_FIELD_MAPPING, PUSH_OUTCOME_LABELS, PUSH_OUTCOMES, type CreatePushRequest, type PushDetail } from '@contract/integrations';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toast';
import { errorMessage } from '@web/features/auth/form-errors';
import { formatNumber } from '@web/lib/utils';
import { useBullhornConnection, useCreatePush, usePush } from './api';

/** What a push sends: a selection, a list or one profile, and how the dialog names it. */
export type PushTarget = { request: Omit<CreatePushRequest, 'updateExisting'>; label: string };

const OUTCOME_VARIANT = { created: 'success', updated: 'info', existing: 'muted', skipped: 'warning', failed: 'destructive' } as const;

/**
 * 'Push to Bullhorn' (ADR 064): the field mapping first, 'Update existing' as the recruiter's
 * choice, then the push's progress and each physician's outcome, asked for every second while it runs.
 */
export function PushDialog({ target, open, onOpenChange }: { target: PushTarget; open: boolean; onOpenChange: (open: boolean) => void }) {
  const connection = useBullhornConnection(open);
  const create = useCreatePush();
  const [updateExisting, setUpdateExisting] = useState(false);
  const [pushId, setPushId] = useState<string | null>(null);
  const push = usePush(pushId);

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setPushId(null);
      create.reset();
    }
  }

  function start() {
    create.mutate(
      { ...target.request, updateExisting } as CreatePushRequest,
      {
        onSuccess: (created) => setPushId(created.id),
        onError: (error) => toast.error('Error', { description: errorMessage(error, 'The push could not be started. Please try again.') }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Push to Bullhorn</DialogTitle>
          <DialogDescription>{target.label}</DialogDescription>
        </DialogHeader>
        {connection.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden /> Checking your Bullhorn connection...
          </p>
        ) : connection.isError ? (
          <p className="text-sm text-destructive">Could not read your Bullhorn connection.</p>
        ) : connection.data.status !== 'connected' ? (
          <NotConnected canManage={connection.data.canManage} />
        ) : pushId ? (
          <PushProgress push={push.data} />
        ) : (
          <div className="flex flex-col gap-4">
            <div>
              <h3 className="mb-2 text-sm font-medium">What Bullhorn receives</h3>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Candidate fields and what fills them</caption>
                <thead className="text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="pb-1 font-medium">Candidate field</th>
                    <th scope="col" className="pb-1 font-medium">From</th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {BULLHORN_FIELD_MAPPING.map((row) => (
                    <tr key={row.field}>
                      <td className="py-1.5 pr-3 align-top font-mono text-xs">{row.field}</td>
                      <td className="py-1.5 align-top text-slate-700">{row.from}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="mt-2 text-xs text-muted-foreground">
                Each physician is looked up first (NPI, then email, then name and phone): nobody is created twice.
              </p>
            </div>
            <div className="flex items-start gap-2">
              <Checkbox id="push-update-existing" checked={updateExisting} onCheckedChange={(value) => setUpdateExisting(value === true)} />
              <Label htmlFor="push-update-existing" className="leading-snug font-normal">
                Update candidates Bullhorn already holds with these values
              </Label>
            </div>
          </div>
        )}
        <DialogFooter>
          {connection.data?.status === 'connected' && !pushId ? (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button onClick={start} disabled={create.isPending}>
                {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
                Push
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={() => close(false)}>
              Close
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function NotConnected({ canManage }: { canManage: boolean }) {
  return canManage ? (
    <p className="text-sm text-slate-700">
      Bullhorn is not connected.{' '}
      <Link to="/account?tab=integrations" className="font-medium text-primary underline-offset-4 hover:underline">
        Connect it in Account Settings
      </Link>
      .
    </p>
  ) : (
    <p className="text-sm text-slate-700">Bullhorn is not connected. Ask your team’s owner or an admin to connect it.</p>
  );
}

function PushProgress({ push }: { push: PushDetail | undefined }) {
  if (!push) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Starting the push...
      </p>
    );
  }
  const done = PUSH_OUTCOMES.reduce((sum, outcome) => sum + push.counts[outcome], 0);
  const running = push.status === 'queued' || push.status === 'running';
  return (
    <div className="flex flex-col gap-4">
      <div role="status" aria-live="polite" className="flex flex-col gap-2">
        <p className="text-sm font-medium">
          {running
            ? `Pushing... ${formatNumber(done)} of ${formatNumber(push.total)}`
            : push.status === 'failed'
              ? `The push stopped after ${formatNumber(done)} of ${formatNumber(push.total)}`
              : `Pushed ${formatNumber(push.total)} ${push.total === 1 ? 'physician' : 'physicians'}`}
        </p>
        <progress className="h-2 w-full accent-primary" max={push.total} value={done} aria-label="Push progress" />
        {push.error && <p className="text-sm text-destructive">{push.error}</p>}
      </div>
      <ul className="flex flex-wrap gap-2" aria-label="Outcomes">
        {PUSH_OUTCOMES.filter((outcome) => push.counts[outcome] > 0).map((outcome) => (
          <li key={outcome}>
            <Badge variant={OUTCOME_VARIANT[outcome]}>
              {PUSH_OUTCOME_LABELS[outcome]}: {formatNumber(push.counts[outcome])}
            </Badge>
          </li>
        ))}
      </ul>
      {push.items.some((item) => item.outcome) && (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Each physician’s outcome</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="pb-1 font-medium">Physician</th>
              <th scope="col" className="pb-1 font-medium">Outcome</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {push.items
              .filter((item) => item.outcome)
              .map((item) => (
                <tr key={item.physicianId}>
                  <td className="py-1.5 pr-3 align-top">{item.name}</td>
                  <td className="py-1.5 align-top">
                    <Badge variant={OUTCOME_VARIANT[item.outcome!]}>{PUSH_OUTCOME_LABELS[item.outcome!]}</Badge>
                    {item.candidateId !== null && <span className="ml-2 text-xs text-muted-foreground">Candidate {item.candidateId}</span>}
                    {item.reason && <p className="mt-0.5 text-xs text-muted-foreground">{item.reason}</p>}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
