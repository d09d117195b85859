import { useState, type FormEvent } from 'react';
import { Check, Copy, KeyRound, Loader2, Plus, TriangleAlert } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { API_KEY_NAME_MAX, CreateApiKeyRequest, type ApiKey, type CreateApiKeyResponse } from '@contract/api-keys';
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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { SettingsCard } from '@web/components/settings-card';
import { UpgradeHint } from '@web/components/upgrade-hint';
import { errorMessage } from '@web/features/auth/form-errors';
import { formatDate, formatDateTime } from '@web/lib/utils';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api';

/**
 * Account settings > 'API Keys' (ADR 022): premium users and admins create a named key (shown once
 * in a dialog with Copy), see their keys by prefix with created and last-used dates, and revoke
 * them. Everyone else sees what the Annual Plan adds.
 */
export function ApiKeysCard() {
  const canManage = useCan('api-keys:manage');
  return (
    <SettingsCard
      title="API Keys"
      description={
        <>
          Call the search, profiles, lists, contact reveals and exports from your own tools with{' '}
          <code className="text-xs">Authorization: Bearer &lt;key&gt;</code>. See the{' '}
          <a className="font-medium text-primary underline-offset-4 hover:underline" href="/api/docs">
            API reference
          </a>
          .
        </>
      }
    >
      {canManage ? <ManageKeys /> : <UpgradeHint>API access comes with the Annual Plan.</UpgradeHint>}
    </SettingsCard>
  );
}


function ManageKeys() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = CreateApiKeyRequest.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Please enter a name for the key.');
      return;
    }
    setNameError(null);
    create.mutate(parsed.data, {
      onSuccess: (key) => {
        setName('');
        setCreated(key);
      },
      onError: (error) =>
        toast.error('Error', { description: errorMessage(error, 'Could not create the API key. Please try again.') }),
    });
  }

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2" aria-label="Create API key">
        <Label htmlFor="api-key-name">Key name</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="api-key-name"
            value={name}
            maxLength={API_KEY_NAME_MAX}
            placeholder="e.g. ATS integration"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'api-key-name-error' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" className="w-full sm:w-auto" disabled={create.isPending}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
            Create API key
          </Button>
        </div>
        {nameError && (
          <p id="api-key-name-error" className="text-sm text-destructive">
            {nameError}
          </p>
        )}
      </form>

      {keys.isPending ? (
        <p className="text-sm text-muted-foreground">Loading keys...</p>
      ) : keys.isError ? (
        <p className="text-sm text-destructive">Could not load your API keys.</p>
      ) : keys.data.keys.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have no API keys yet.</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="API keys">
          {keys.data.keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} />
          ))}
        </ul>
      )}

      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  function confirm() {
    revoke.mutate(apiKey.id, {
      onSuccess: () => toast.success('API key revoked', { description: `“${apiKey.name}” no longer works.` }),
      onError: (error) =>
        toast.error('Error', { description: errorMessage(error, 'Could not revoke the API key. Please try again.') }),
    });
  }
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex items-center gap-2 font-medium">
          <KeyRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="truncate">{apiKey.name}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{apiKey.prefix}…</code>
          <span className="mx-2" aria-hidden>
            ·
          </span>
          Created {formatDate(apiKey.createdAt)}
          <span className="mx-2" aria-hidden>
            ·
          </span>
          {apiKey.lastUsedAt ? `Last used ${formatDateTime(apiKey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline" size="sm" className="w-full sm:w-auto" disabled={revoke.isPending}>
            Revoke<span className="sr-only"> {apiKey.name}</span>
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Revoke “{apiKey.name}”?</AlertDialogTitle>
            <AlertDialogDescription>
              Anything using this key stops working at once. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction destructive onClick={confirm}>
              Revoke key
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

function NewKeyDialog({ created, onClose }: { created: CreateApiKeyResponse | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      toast.success('API key copied');
    } catch {
      toast.error('Failed to copy the API key', { description: 'Select it and copy it by hand.' });
    }
  }
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>API key created</DialogTitle>
          <DialogDescription>“{created?.name}” is ready. Copy it now and keep it somewhere safe.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3">
          <Label htmlFor="new-api-key">Your new API key</Label>
          <div className="flex gap-2">
            <Input
              id="new-api-key"
              readOnly
              value={created?.key ?? ''}
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
            This key will not be shown again. If you lose it, revoke it and create a new one.
          </p>
        </div>
        <DialogFooter>
          <Button
            type="button"
            onClick={() => {
              setCopied(false);
              onClose();
            }}
          >
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
