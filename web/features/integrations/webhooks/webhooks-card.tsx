import { useId, useState, type FormEvent } from 'react';
import { Check, ChevronDown, Copy, Loader2, Plus, Send, TriangleAlert, Webhook } from 'lucide-react';
import {
  CreateWebhookEndpointRequest,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointWithSecretResponse,
  type WebhookEvent,
} from '@contract/webhooks';
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
import { Badge, type BadgeProps } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toast';
import { SettingsCard } from '@web/components/settings-card';
import { UpgradeHint } from '@web/components/upgrade-hint';
import { errorMessage } from '@web/features/auth/form-errors';
import { useTeam } from '@web/features/team/api';
import { isApiError } from '@web/lib/api';
import { formatDateTime } from '@web/lib/utils';
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRetryWebhookDelivery,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from './api';

/**
 * Account settings > Integrations > 'Webhooks' (docs/decisions/065-webhooks.md): a team's owners and
 * admins (or a recruiter in no team) add endpoints with the events they want, see the signing
 * secret once, turn endpoints off and on, delete them, send a test event and read each one's
 * delivery log with 'Send again'. The server decides who may; this mirrors its answers.
 */
export function WebhooksCard() {
  const canUse = useCan('integrations:use');
  return (
    <SettingsCard
      title="Webhooks"
      description={
        <>
          We POST a signed JSON event to your address when something happens, using the{' '}
          <a className="font-medium text-primary underline-offset-4 hover:underline" href="https://www.standardwebhooks.com" rel="noreferrer" target="_blank">
            Standard Webhooks
          </a>{' '}
          headers, so any of its libraries verifies them.
        </>
      }
    >
      {canUse ? <ManageWebhooks /> : <UpgradeHint>Webhooks come with the Monthly and Annual Plans.</UpgradeHint>}
    </SettingsCard>
  );
}


function ManageWebhooks() {
  // A team's recruiters are refused the calls (403): the team's own answer says so without asking.
  const team = useTeam();
  const recruiter = team.data?.team?.myRole === 'member';
  const endpoints = useWebhookEndpoints(team.isSuccess && !recruiter);
  const [shown, setShown] = useState<{ title: string; answer: WebhookEndpointWithSecretResponse } | null>(null);

  if (team.isPending) return <Loading what="endpoints" />;
  if (recruiter || (endpoints.isError && isApiError(endpoints.error) && endpoints.error.code === 'forbidden')) {
    return <p className="text-sm text-muted-foreground">Your team’s owner and admins manage its webhooks.</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      <AddEndpointForm onCreated={(answer) => setShown({ title: 'Endpoint added', answer })} />
      {team.isError ? (
        <p className="text-sm text-destructive">Could not load your webhook endpoints.</p>
      ) : endpoints.isPending ? (
        <Loading what="endpoints" />
      ) : endpoints.isError ? (
        <p className="text-sm text-destructive">Could not load your webhook endpoints.</p>
      ) : endpoints.data.endpoints.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          No endpoints yet. Add the address of your system above to start receiving events.
        </p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Webhook endpoints">
          {endpoints.data.endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} onRotated={(answer) => setShown({ title: 'New signing secret', answer })} />
          ))}
        </ul>
      )}
      <SecretDialog shown={shown} onClose={() => setShown(null)} />
    </div>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <Loader2 className="size-4 animate-spin" aria-hidden />
      Loading {what}...
    </p>
  );
}

function AddEndpointForm({ onCreated }: { onCreated: (answer: WebhookEndpointWithSecretResponse) => void }) {
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CreateWebhookEndpointRequest.safeParse({ url, events });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'url')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        setUrl('');
        setEvents([]);
        onCreated(answer);
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) setErrors(error.fields);
        else toast.error('Error', { description: errorMessage(error, 'Could not add the endpoint. Please try again.') });
      },
    });
  }

  const toggle = (name: WebhookEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, name] : current.filter((e) => e !== name)));

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Add webhook endpoint">
      <div className="flex flex-col gap-2">
        <Label htmlFor="webhook-url">Endpoint URL</Label>
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          autoComplete="off"
          value={url}
          placeholder="https://example.com/webhooks/physiciandirect"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? 'webhook-url-error' : undefined}
          onChange={(event) => setUrl(event.target.value)}
        />
        {errors.url && (
          <p id="webhook-url-error" className="text-sm text-destructive">
            {errors.url}
          </p>
        )}
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">Events to send</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <Checkbox
                className="mt-0.5"
                checked={events.includes(name)}
                onCheckedChange={(checked) => toggle(name, checked === true)}
                aria-invalid={errors.events ? true : undefined}
              />
              <span className="flex flex-col">
                <span>{WEBHOOK_EVENT_LABELS[name]}</span>
                <code className="text-xs text-muted-foreground">{name}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p id="webhook-events-error" className="text-sm text-destructive">
            {errors.events}
          </p>
        )}
      </fieldset>
      <Button type="submit" className="w-full sm:w-fit" disabled={create.isPending}>
        {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
        Add endpoint
      </Button>
    </form>
  );
}

function EndpointItem({ endpoint, onRotated }: { endpoint: WebhookEndpoint; onRotated: (answer: WebhookEndpointWithSecretResponse) => void }) {
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const test = useSendWebhookTest();
  const [logOpen, setLogOpen] = useState(false);
  const logId = useId();

  const failed = (what: string) => (error: unknown) => toast.error('Error', { description: errorMessage(error, `Could not ${what}. Please try again.`) });

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="flex min-w-0 items-center gap-2 font-medium">
            <Webhook className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="break-all">{endpoint.url}</span>
          </p>
          <p className="text-sm text-muted-foreground">{endpoint.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(' · ')}</p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Switch
            id={`${logId}-enabled`}
            checked={endpoint.enabled}
            disabled={update.isPending}
            aria-label={`Send events to ${endpoint.url}`}
            onCheckedChange={(enabled) =>
              update.mutate(
                { id: endpoint.id, body: { enabled } },
                { onSuccess: () => toast.success(enabled ? 'Endpoint turned on' : 'Endpoint turned off'), onError: failed('change the endpoint') },
              )
            }
          />
          <Label htmlFor={`${logId}-enabled`} className="text-sm" aria-hidden>
            {endpoint.enabled ? 'On' : 'Off'}
          </Label>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button
          variant="outline"
          size="sm"
          disabled={test.isPending || !endpoint.enabled}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                setLogOpen(true);
                toast.success('Test event queued');
              },
              onError: failed('send the test event'),
            })
          }
        >
          {test.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          Send test event
        </Button>
        <Button variant="outline" size="sm" aria-expanded={logOpen} aria-controls={logId} onClick={() => setLogOpen((open) => !open)}>
          <ChevronDown className={logOpen ? 'rotate-180 transition-transform' : 'transition-transform'} aria-hidden />
          Delivery log
        </Button>
        <Confirm
          trigger="Rotate secret"
          label={`Rotate the secret of ${endpoint.url}`}
          title="Rotate the signing secret?"
          description="A new secret signs every delivery from now on; the old one stops at once. Update your receiver with the new one."
          action="Rotate secret"
          disabled={rotate.isPending}
          onConfirm={() => rotate.mutate(endpoint.id, { onSuccess: onRotated, onError: failed('rotate the secret') })}
        />
        <Confirm
          trigger="Delete"
          label={`Delete ${endpoint.url}`}
          title="Delete this endpoint?"
          description={`${endpoint.url} receives nothing more, and its delivery log is deleted. This cannot be undone.`}
          action="Delete endpoint"
          destructive
          disabled={remove.isPending}
          onConfirm={() => remove.mutate(endpoint.id, { onSuccess: () => toast.success('Endpoint deleted'), onError: failed('delete the endpoint') })}
        />
      </div>
      {logOpen && (
        <div id={logId}>
          <DeliveryLog endpoint={endpoint} />
        </div>
      )}
    </li>
  );
}

function Confirm(props: {
  trigger: string;
  label: string;
  title: string;
  description: string;
  action: string;
  destructive?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={props.disabled} aria-label={props.label}>
          {props.trigger}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{props.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction destructive={props.destructive} onClick={props.onConfirm}>
            {props.action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

const STATUS_BADGE: Record<WebhookDeliveryStatus, { label: string; variant: BadgeProps['variant'] }> = {
  queued: { label: 'Queued', variant: 'info' },
  delivering: { label: 'Sending', variant: 'info' },
  delivered: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  if (deliveries.isPending) return <Loading what="deliveries" />;
  if (deliveries.isError) return <p className="text-sm text-destructive">Could not load the delivery log.</p>;
  if (deliveries.data.deliveries.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing sent yet. Use 'Send test event' to try the endpoint.</p>;
  }
  return (
    <ul className="divide-y rounded-md border" aria-label={`Deliveries to ${endpoint.url}`} aria-live="polite">
      {deliveries.data.deliveries.map((delivery) => (
        <DeliveryItem key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
      ))}
    </ul>
  );
}

function DeliveryItem({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const retry = useRetryWebhookDelivery();
  const badge = STATUS_BADGE[delivery.status];
  const detail = [
    `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`,
    delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : delivery.lastError,
    delivery.status === 'queued' && delivery.attempts > 0 && delivery.nextAttemptAt ? `next ${formatDateTime(delivery.nextAttemptAt)}` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <code className="text-xs">{delivery.eventType}</code>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </p>
        <p className="text-muted-foreground">
          {formatDateTime(delivery.createdAt)} · {detail.join(' · ')}
        </p>
      </div>
      {delivery.status !== 'delivering' && (
        <Button
          variant="outline"
          size="sm"
          className="w-full sm:w-auto"
          disabled={retry.isPending}
          aria-label={`Send again: ${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`}
          onClick={() =>
            retry.mutate(
              { endpointId, deliveryId: delivery.id },
              {
                onSuccess: () => toast.success('Delivery queued again'),
                onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not send it again. Please try again.') }),
              },
            )
          }
        >
          Send again
        </Button>
      )}
    </li>
  );
}

function SecretDialog({ shown, onClose }: { shown: { title: string; answer: WebhookEndpointWithSecretResponse } | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCopied(false);
    onClose();
  };
  async function copy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.answer.secret);
      setCopied(true);
      toast.success('Signing secret copied');
    } catch {
      toast.error('Failed to copy the secret', { description: 'Select it and copy it by hand.' });
    }
  }
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{shown?.title}</DialogTitle>
          <DialogDescription>
            Events to <span className="break-all">{shown?.answer.endpoint.url}</span> are signed with this secret. Copy it now
            into your receiver.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3">
          <Label htmlFor="webhook-secret">Signing secret</Label>
          <div className="flex gap-2">
            <Input
              id="webhook-secret"
              readOnly
              value={shown?.answer.secret ?? ''}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button type="button" variant="outline" onClick={copy}>
              {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p role="alert" className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            This secret will not be shown again. If you lose it, rotate it to get a new one.
          </p>
        </div>
        <DialogFooter>
          <Button type="button" onClick={close}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
