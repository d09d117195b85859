import { useState } from 'react';
import { Flag } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { REPORT_REASON_MAX, type RevealedContactDetail } from '@contract/contacts';
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
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { isApiError } from '@web/lib/api';
import { useReportContact } from './api';

type ReportContactProps = {
  physicianId: number;
  kind: 'email' | 'phone';
  value: string;
  detail: RevealedContactDetail;
};

/**
 * Beside a revealed email or phone and its check (which says 'Reported wrong' once it was
 * reported: it stays visible, ADR 022): a 'Report wrong contact' button that asks to confirm (with
 * an optional reason) and says whether the reveal went back into today's allowance.
 */
export function ReportContact({ physicianId, kind, value, detail }: ReportContactProps) {
  const report = useReportContact(physicianId);
  const [reason, setReason] = useState('');
  if (detail.status === 'reported') return null;
  const what = kind === 'email' ? 'email address' : 'phone number';
  function confirm() {
    report.mutate(
      { field: detail.field, reason: reason.trim() || undefined },
      {
        onSuccess: (result) => {
          setReason('');
          toast.success('Contact reported', { description: result.message });
        },
        onError: (error) =>
          toast.error('Could not report the contact', {
            description: isApiError(error) ? error.message : 'Please try again later',
          }),
      },
    );
  }
  return (
    <>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            className="relative z-10 text-muted-foreground hover:text-foreground"
            disabled={report.isPending}
            title="Report wrong contact"
          >
            <Flag aria-hidden />
            <span className="sr-only">Report wrong contact: {value}</span>
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Report wrong contact</AlertDialogTitle>
            <AlertDialogDescription>
              Is {value} not this physician’s {what}? Our team will check it, and the reveal goes back into
              today’s allowance (up to 10 a day).
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`report-reason-${physicianId}-${kind}`}>What is wrong? (optional)</Label>
            <Textarea
              id={`report-reason-${physicianId}-${kind}`}
              value={reason}
              maxLength={REPORT_REASON_MAX}
              placeholder="e.g. The email bounced"
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={confirm}>Report</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
