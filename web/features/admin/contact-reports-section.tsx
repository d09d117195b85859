import { toast } from '@web/components/ui/toast';
import type { ContactField, ContactReport, ResolveContactReportRequest } from '@contract/contacts';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDate } from '@web/lib/utils';
import { useContactReports, useResolveContactReport } from './api';
import { ConfirmButton } from './confirm-button';
import { TableStates } from './table-states';

const FIELD_LABEL: Record<ContactField, string> = {
  personal_email: 'Personal email',
  work_email: 'Work email',
  mobile_phone: 'Mobile phone',
  office_phone: 'Office phone',
};

const DONE: Record<ResolveContactReportRequest['action'], string> = {
  reverify: 'Contact re-verified',
  confirm: 'Report confirmed: the contact is marked reported for everyone',
  remove: 'Contact removed',
};

/**
 * 'Reported contacts' (ADR 022, ADR 030): values users reported wrong, oldest first. One user's
 * report marks a value for that user only; two users' reports, or the operator's Confirm, mark it
 * reported for everyone. Re-verify (the value is right: verified today), confirm the report (the
 * value stays, marked reported for all) or remove it (cleared from the directory); each closes
 * every open report of that value and is audited.
 */
export function ContactReportsSection() {
  const reports = useContactReports();
  const resolve = useResolveContactReport();

  function decide(report: ContactReport, action: ResolveContactReportRequest['action']) {
    resolve.mutate(
      { id: report.id, action },
      {
        onSuccess: () =>
          toast.success(DONE[action], {
            description: `${FIELD_LABEL[report.field]} of ${report.physicianName}`,
          }),
        onError: (error) => toast.error('Action Failed', { description: error.message }),
      },
    );
  }

  const rows = reports.data?.reports ?? [];

  return (
    <section id="reported-contacts" aria-labelledby="reported-contacts-heading" className="scroll-mt-24 space-y-3">
      <div>
        <h2 id="reported-contacts-heading" className="text-xl font-semibold tracking-tight">
          Reported Contacts ({rows.length} open)
        </h2>
        <p className="text-sm text-muted-foreground">
          Contacts users reported as wrong. A single user's report changes only what that user sees; two users, or
          your Confirm, mark it reported for everyone. Check each one, then re-verify it, confirm the report or remove it.
        </p>
      </div>
      <Card className="overflow-hidden">
        <Table aria-label="Reported contacts" aria-busy={reports.isFetching || resolve.isPending}>
          <TableHeader>
            <TableRow>
              <TableHead>Contact</TableHead>
              <TableHead className="hidden md:table-cell">Reason</TableHead>
              <TableHead className="hidden sm:table-cell">Reported</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableStates
              columns={4}
              loading={reports.isPending}
              error={reports.isError && `Reported contacts could not be loaded: ${reports.error.message}`}
              empty={rows.length === 0 && 'No reported contacts'}
            >
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="max-w-48 whitespace-normal sm:max-w-72">
                    <span className="block font-medium">
                      <a className="hover:underline" href={`/physician/${r.physicianId}`}>
                        {r.physicianName}
                      </a>
                    </span>
                    <span className="block text-xs text-muted-foreground">{FIELD_LABEL[r.field]}</span>
                    <span className="block truncate font-mono text-xs" title={r.reportedValue}>
                      {r.reportedValue}
                    </span>
                    <span className="mt-1 flex flex-wrap gap-1">
                      <Badge variant="muted">
                        {r.reporters} {r.reporters === 1 ? 'user' : 'users'}
                      </Badge>
                      {r.status === 'reported' && <Badge variant="warning">Reported for everyone</Badge>}
                    </span>
                    {r.currentValue !== r.reportedValue && (
                      <Badge variant="muted" className="mt-1">
                        {r.currentValue === null ? 'Removed since' : 'Changed since'}
                      </Badge>
                    )}
                    <span className="block text-xs text-muted-foreground sm:hidden">Reported {formatDate(r.createdAt)}</span>
                  </TableCell>
                  <TableCell className="hidden max-w-72 whitespace-normal text-sm md:table-cell">
                    {r.reason || <span className="text-muted-foreground">No reason given</span>}
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">
                    {formatDate(r.createdAt)}
                    {r.reportedBy && <span className="block text-xs text-muted-foreground">by {r.reportedBy}</span>}
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-col items-end gap-1.5 sm:flex-row sm:justify-end">
                      <ConfirmButton
                        label="Remove"
                        ariaLabel={`Remove the ${FIELD_LABEL[r.field].toLowerCase()} of ${r.physicianName}`}
                        title="Remove this contact?"
                        description={`${r.reportedValue} is cleared from ${r.physicianName}'s record; every open report of it is closed.`}
                        confirm="Remove"
                        disabled={resolve.isPending}
                        onConfirm={() => decide(r, 'remove')}
                      />
                      {r.status !== 'reported' && (
                        <ConfirmButton
                          label="Confirm"
                          ariaLabel={`Confirm the report of the ${FIELD_LABEL[r.field].toLowerCase()} of ${r.physicianName}`}
                          title="Confirm this report?"
                          description={`${r.reportedValue} stays on ${r.physicianName}'s record, marked reported for every user; every open report of it is closed.`}
                          confirm="Confirm"
                          disabled={resolve.isPending}
                          onConfirm={() => decide(r, 'confirm')}
                        />
                      )}
                      <ConfirmButton
                        label="Re-verify"
                        ariaLabel={`Re-verify the ${FIELD_LABEL[r.field].toLowerCase()} of ${r.physicianName}`}
                        title="Mark this contact verified?"
                        description={`Do this after confirming ${r.reportedValue} is right. It is marked verified today; every open report of it is closed.`}
                        confirm="Re-verify"
                        variant="default"
                        disabled={resolve.isPending}
                        onConfirm={() => decide(r, 'reverify')}
                      />
                    </div>
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
