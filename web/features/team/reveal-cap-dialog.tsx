import { useState, type FormEvent } from 'react';
import type { TeamMember } from '@contract/team';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useUpdateMember } from './api';

const capText = (cap: number | null) => (cap === null ? '' : String(cap));
const capValue = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * An owner or admin sets a member's monthly caps (ADR 061): counted contact reveals and exported
 * contacts per calendar month (empty: no cap).
 */
export function RevealCapDialog({ member, name }: { member: TeamMember; name: string }) {
  const [open, setOpen] = useState(false);
  const [reveals, setReveals] = useState('');
  const [exports, setExports] = useState('');
  const update = useUpdateMember();
  const fields = update.error && isApiError(update.error) ? update.error.fields : undefined;
  const otherError = update.error && !fields?.revealCap && !fields?.exportCap ? (update.error.message ?? null) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const revealCap = capValue(reveals);
    const exportCap = capValue(exports);
    update.mutate(
      { userId: member.userId, revealCap, exportCap },
      {
        onSuccess: () => {
          setOpen(false);
          const said = [
            revealCap !== null && `${name} may reveal ${revealCap} contacts a month.`,
            exportCap !== null && `${name} may export ${exportCap} contacts a month.`,
          ].filter(Boolean);
          toast.success('Cap saved', { description: said.length ? said.join(' ') : `${name} has no monthly cap.` });
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // The field starts from the saved cap each time the dialog opens.
        if (next) {
          setReveals(capText(member.revealCap));
          setExports(capText(member.exportCap));
        }
        update.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Monthly reveal cap of ${name}`}>
          {member.revealCap === null && member.exportCap === null ? 'Set cap' : 'Change cap'}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Monthly caps for {name}</DialogTitle>
            <DialogDescription>
              The contacts {name} may reveal and export each calendar month, within your team’s daily allowance. Reveals a
              teammate already paid for do not count. Leave a field empty for no cap.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reveals a month" error={fields?.revealCap ?? otherError}>
            <Input type="number" inputMode="numeric" min={0} step={1} value={reveals} onChange={(event) => setReveals(event.target.value)} placeholder="No cap" />
          </FormField>
          <FormField label="Exported contacts a month" error={fields?.exportCap ?? null}>
            <Input type="number" inputMode="numeric" min={0} step={1} value={exports} onChange={(event) => setExports(event.target.value)} placeholder="No cap" />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              Save cap
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
