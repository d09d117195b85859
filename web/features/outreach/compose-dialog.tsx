import { useState } from 'react';
import { Loader2, Send } from 'lucide-react';
import type { PhysicianSummary } from '@contract/directory';
import {
  CreateCampaignRequest,
  fillMergeFields,
  MERGE_FIELDS,
  mergeValues,
  OUTREACH_BODY_MAX,
  OUTREACH_SUBJECT_MAX,
  type OutreachCheckRequest,
} from '@contract/outreach';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/toast';
import { errorMessage, serverFieldErrors, validate, type FieldErrors } from '@web/features/auth/form-errors';
import { useCreateCampaign, useOutreachCheck } from './api';

const DEFAULT_BODY = 'Dear Dr. {{lastName}},\n\n';

/**
 * 'Email' a list or a selection (ADR 066): subject, body with merge fields, an optional pay range,
 * when to send; before sending, who will receive it and who not (the contact limit across all
 * customers, unsubscribes, no valid email), and the message as the first recipient will read it.
 */
export function ComposeDialog({
  recipients,
  label,
  sample,
  open,
  onOpenChange,
}: {
  recipients: OutreachCheckRequest;
  label: string;
  /** A recipient to preview the merge fields with. */
  sample: PhysicianSummary | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const check = useOutreachCheck(open ? recipients : null);
  const create = useCreateCampaign();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState(DEFAULT_BODY);
  const [payRange, setPayRange] = useState('');
  const [sendAt, setSendAt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const request = {
    ...recipients,
    subject,
    body,
    payRange: payRange || undefined,
    sendAt: sendAt ? new Date(sendAt).toISOString() : undefined,
  };

  function send() {
    const found = validate(CreateCampaignRequest, request);
    setErrors(found);
    if (Object.keys(found).length) return;
    create.mutate(CreateCampaignRequest.parse(request), {
      onSuccess: (answer) => {
        toast.success(sendAt ? 'Email scheduled' : 'Email sent', { description: answer.summary });
        onOpenChange(false);
        setSubject('');
        setBody(DEFAULT_BODY);
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        toast.error('Error', { description: errorMessage(error, 'The email could not be sent. Please try again.') });
      },
    });
  }

  const values = sample ? mergeValues(sample, payRange || null) : null;
  const field = (name: string) =>
    errors[name] ? (
      <p id={`outreach-${name}-error`} className="text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Email physicians</DialogTitle>
          <DialogDescription>{label}</DialogDescription>
        </DialogHeader>
        <div role="status" aria-live="polite" className="rounded-md bg-surface p-3 text-sm">
          {check.isPending ? (
            <span className="flex items-center gap-2 text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Checking who can be written to...
            </span>
          ) : check.isError ? (
            <span className="text-destructive">{errorMessage(check.error, 'Could not check the recipients.')}</span>
          ) : (
            <>
              <p className="font-medium">{check.data.summary}</p>
              <p className="mt-1 text-xs text-muted-foreground">
                Each physician gets at most 4 recruiter emails in 30 days through PhysicianDirect, from all customers together, and
                fewer if they asked for fewer. Only emails checked valid are used.
              </p>
            </>
          )}
        </div>
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="outreach-subject">Subject</Label>
            <Input
              id="outreach-subject"
              value={subject}
              maxLength={OUTREACH_SUBJECT_MAX}
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={errors.subject ? 'outreach-subject-error' : undefined}
              onChange={(event) => {
                setSubject(event.target.value);
                setErrors((current) => ({ ...current, subject: undefined }));
              }}
            />
            {field('subject')}
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="outreach-body">Message</Label>
            <div className="flex flex-wrap gap-1.5" role="group" aria-label="Insert a merge field">
              {MERGE_FIELDS.map((merge) => (
                <Button key={merge.field} type="button" size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={() => setBody((text) => `${text}{{${merge.field}}}`)}>
                  {merge.label}
                </Button>
              ))}
            </div>
            <Textarea
              id="outreach-body"
              rows={7}
              value={body}
              maxLength={OUTREACH_BODY_MAX}
              aria-invalid={errors.body ? true : undefined}
              aria-describedby={errors.body ? 'outreach-body-error' : undefined}
              onChange={(event) => {
                setBody(event.target.value);
                setErrors((current) => ({ ...current, body: undefined }));
              }}
            />
            {field('body')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="outreach-pay">Pay range (optional)</Label>
              <Input id="outreach-pay" value={payRange} placeholder="e.g. $450k-$520k" maxLength={100} onChange={(event) => setPayRange(event.target.value)} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="outreach-send-at">Send at (optional)</Label>
              <Input
                id="outreach-send-at"
                type="datetime-local"
                value={sendAt}
                aria-invalid={errors.sendAt ? true : undefined}
                onChange={(event) => setSendAt(event.target.value)}
              />
              {field('sendAt')}
            </div>
          </div>
          {values && (subject || body.trim()) && (
            <section aria-label="Preview" className="rounded-md border p-3 text-sm">
              <p className="text-xs font-medium text-muted-foreground">
                Preview for {sample!.firstName} {sample!.lastName}
              </p>
              <p className="mt-1 font-medium">{fillMergeFields(subject, values)}</p>
              <p className="mt-2 whitespace-pre-wrap text-slate-700">{fillMergeFields(body, values)}</p>
              <p className="mt-2 text-xs text-muted-foreground">Every message ends with an unsubscribe link and our postal address; replies come to you.</p>
            </section>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={send} disabled={create.isPending || check.data?.sendable === 0}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {sendAt ? 'Schedule' : 'Send'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
