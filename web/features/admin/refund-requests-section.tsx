import { toast } from '@web/components/ui/toast';
import type { AdminRefundRequest, RefundRequestStatus } from '@contract/billing';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDate } from '@web/lib/utils';
import { useRefundRequests, useResolveRefundRequest } from './api';
import { ConfirmButton } from './confirm-button';
import { TableStates } from './table-states';

const STATUS: Record<RefundRequestStatus, { label: string; variant: 'warning' | 'success' | 'muted' }> = {
  open: { label: 'Open', variant: 'warning' },
  refunded: { label: 'Refunded', variant: 'success' },
  declined: { label: 'Declined', variant: 'muted' },
};

function StatusBadge({ request }: { request: AdminRefundRequest }) {
  return <Badge variant={STATUS[request.status].variant}>{STATUS[request.status].label}</Badge>;
}

/**
 * Money-back guarantee requests (docs/rules.md#money-back; the spec defines no screen for them):
 * open ones first, each marked refunded or declined once the operator has acted in the payment
 * provider. The server audits the decision and emails the customer.
 */
export function RefundRequestsSection() {
  const requests = useRefundRequests();
  const resolve = useResolveRefundRequest();

  function decide(request: AdminRefundRequest, status: 'refunded' | 'declined') {
    resolve.mutate(
      { id: request.id, status },
      {
        onSuccess: (result) => toast.success(status === 'refunded' ? 'Refund recorded' : 'Refund declined', { description: result.message }),
        onError: (error) => toast.error('Action Failed', { description: error.message }),
      },
    );
  }

  const rows = requests.data?.requests ?? [];
  const open = rows.filter((r) => r.status === 'open').length;

  return (
    <section id="refund-requests" aria-labelledby="refunds-heading" className="scroll-mt-24 space-y-3">
      <div>
        <h2 id="refunds-heading" className="text-xl font-semibold tracking-tight">
          Refund Requests ({open} open)
        </h2>
        <p className="text-sm text-muted-foreground">
          30-day money-back guarantee. Refund the payment in the payment provider, then mark the request here; the
          customer is emailed.
        </p>
      </div>
      <Card className="overflow-hidden">
        <Table aria-label="Refund requests" aria-busy={requests.isFetching || resolve.isPending}>
          <TableHeader>
            <TableRow>
              <TableHead>Customer</TableHead>
              <TableHead className="hidden md:table-cell">Reason</TableHead>
              <TableHead className="hidden sm:table-cell">Requested</TableHead>
              <TableHead className="hidden sm:table-cell">Status</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStates
              columns={5}
              loading={requests.isPending}
              error={requests.isError && `Refund requests could not be loaded: ${requests.error.message}`}
              empty={rows.length === 0 && 'No refund requests'}
            >
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="max-w-40 whitespace-normal sm:max-w-64">
                    <span className="block truncate font-medium" title={r.email}>
                      {r.email}
                    </span>
                    <span className="block text-xs text-muted-foreground">
                      {r.planName}
                      {r.firstPaidAt && ` · paid ${formatDate(r.firstPaidAt)}`}
                    </span>
                    <span className="block text-xs text-muted-foreground sm:hidden">Requested {formatDate(r.requestedAt)}</span>
                    {/* On a phone the status sits under the customer, so the row fits without sideways scrolling. */}
                    <span className="mt-1 block sm:hidden">
                      <StatusBadge request={r} />
                    </span>
                  </TableCell>
                  <TableCell className="hidden max-w-72 whitespace-normal text-sm md:table-cell">
                    {r.reason || <span className="text-muted-foreground">No reason given</span>}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">{formatDate(r.requestedAt)}</TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <StatusBadge request={r} />
                    {r.resolvedAt && (
                      <span className="mt-0.5 block text-xs text-muted-foreground">
                        {formatDate(r.resolvedAt)}
                        {r.resolvedByEmail && ` by ${r.resolvedByEmail}`}
                      </span>
                    )}
                  </TableCell>
                  <TableCell>
                    {r.status === 'open' ? (
                      <div className="flex flex-col items-end gap-1.5 sm:flex-row sm:justify-end">
                        <ConfirmButton
                          label="Decline"
                          ariaLabel={`Decline the refund for ${r.email}`}
                          title="Decline this refund?"
                          description={`${r.email} will be emailed that the refund was not approved.`}
                          confirm="Decline"
                          disabled={resolve.isPending}
                          onConfirm={() => decide(r, 'declined')}
                        />
                        <ConfirmButton
                          label="Mark refunded"
                          ariaLabel={`Mark the refund for ${r.email} refunded`}
                          title="Mark this request refunded?"
                          description={`Do this after refunding the payment in the payment provider. ${r.email} will be emailed that the refund was approved.`}
                          confirm="Mark refunded"
                          variant="default"
                          disabled={resolve.isPending}
                          onConfirm={() => decide(r, 'refunded')}
                        />
                      </div>
                    ) : (
                      <span className="sr-only">No action: already {STATUS[r.status].label.toLowerCase()}</span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableStates>
          </TableBody>
        </Table>
      </Card>
    </section>
  );
}
