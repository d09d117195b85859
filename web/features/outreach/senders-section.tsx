import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OutreachSendersResponse, SENDER_RATE_WATCH } from '@contract/outreach';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/toast';
import { errorMessage } from '@web/features/auth/form-errors';
import { apiFetch } from '@web/lib/api';
import { formatNumber } from '@web/lib/utils';

const sendersKey = ['admin', 'outreach', 'senders'] as const;
const percent = (value: number, digits = 1) => `${(value * 100).toFixed(digits)} %`;

type Sender = OutreachSendersResponse['senders'][number];
type WatchedRate = keyof typeof SENDER_RATE_WATCH;

/** The rates over what the mailbox providers accept (2 % bounced or unsubscribed, 0.3 % complaints). */
const ratesOver = (row: Sender) => (Object.keys(SENDER_RATE_WATCH) as WatchedRate[]).filter((rate) => row[rate] > SENDER_RATE_WATCH[rate]);
const RATE_WORDS: Record<WatchedRate, string> = {
  bounceRate: `over ${percent(SENDER_RATE_WATCH.bounceRate, 0)} bounced`,
  unsubscribeRate: `over ${percent(SENDER_RATE_WATCH.unsubscribeRate, 0)} unsubscribed`,
  complaintRate: `over ${percent(SENDER_RATE_WATCH.complaintRate)} marked as spam`,
};

/** A count with its rate; a rate over the providers' threshold is marked (colour and words, not colour alone). */
function CountAndRate({ count, rate, over, label }: { count: number; rate: string; over: boolean; label: string }) {
  return (
    <TableCell className={over ? 'text-right font-semibold text-destructive tabular-nums' : 'text-right tabular-nums'}>
      {formatNumber(count)} ({rate}){over && <span className="sr-only"> {label}</span>}
    </TableCell>
  );
}

/**
 * Admin dashboard > 'Outreach senders' (ADR 066): each team's or recruiter's last 30 days of email to
 * physicians, with the bounce, unsubscribe and spam complaint rates the mailbox providers watch (a
 * rate over their threshold is marked), and a switch that stops a sender at once.
 */
export function OutreachSendersSection() {
  const queryClient = useQueryClient();
  const senders = useQuery({
    queryKey: sendersKey,
    queryFn: ({ signal }) => apiFetch('/api/admin/outreach/senders', { schema: OutreachSendersResponse, signal }),
  });
  const toggle = useMutation({
    mutationFn: ({ sender, suspended }: { sender: string; suspended: boolean }) =>
      apiFetch<unknown>(`/api/admin/outreach/senders/${sender}/suspension`, { method: 'PUT', body: { suspended } }),
    onSuccess: (_answer, { suspended }) => {
      toast.success(suspended ? 'Sender suspended' : 'Sender restored');
      void queryClient.invalidateQueries({ queryKey: sendersKey });
    },
    onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not change the sender.') }),
  });
  return (
    <section aria-labelledby="outreach-senders-heading" className="space-y-3">
      <h2 id="outreach-senders-heading" className="text-lg font-semibold">
        Outreach senders (last 30 days)
      </h2>
      <Card className="overflow-x-auto p-0">
        {senders.isPending ? (
          <p className="p-4 text-sm text-muted-foreground">Loading...</p>
        ) : senders.isError ? (
          <p className="p-4 text-sm text-destructive">Could not load the senders.</p>
        ) : senders.data.senders.length === 0 ? (
          <p className="p-4 text-sm text-muted-foreground">Nobody has emailed physicians yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Sender</TableHead>
                <TableHead className="text-right">Sent</TableHead>
                <TableHead className="text-right">Bounced</TableHead>
                <TableHead className="text-right">Unsubscribed</TableHead>
                <TableHead className="text-right">Spam complaints</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>
                  <span className="sr-only">Action</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {senders.data.senders.map((row) => {
                const over = ratesOver(row);
                return (
                  <TableRow key={row.sender}>
                    <TableCell className="font-medium">{row.name}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatNumber(row.sent)}</TableCell>
                    <CountAndRate count={row.bounced} rate={percent(row.bounceRate)} over={over.includes('bounceRate')} label={RATE_WORDS.bounceRate} />
                    <CountAndRate count={row.unsubscribed} rate={percent(row.unsubscribeRate)} over={over.includes('unsubscribeRate')} label={RATE_WORDS.unsubscribeRate} />
                    <CountAndRate count={row.complained} rate={percent(row.complaintRate, 2)} over={over.includes('complaintRate')} label={RATE_WORDS.complaintRate} />
                    <TableCell>
                      {row.suspended ? (
                        <Badge variant="destructive">Suspended</Badge>
                      ) : over.length ? (
                        <Badge variant="warning" title={`${over.map((rate) => RATE_WORDS[rate]).join(', ')}: look at what they send`}>
                          Look at this
                        </Badge>
                      ) : (
                        <Badge variant="muted">Sending</Badge>
                      )}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={toggle.isPending}
                        onClick={() => toggle.mutate({ sender: row.sender, suspended: !row.suspended })}
                        aria-label={`${row.suspended ? 'Restore' : 'Suspend'} ${row.name}`}
                      >
                        {row.suspended ? 'Restore' : 'Suspend'}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </Card>
    </section>
  );
}
