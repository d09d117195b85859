import { useState, type FormEvent } from 'react';
import type { TeamMember } from '@contract/team';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast';
import { isApiError } from '@web/lib/api';
import { useUpdateMember } from './api';

/** An owner or admin sets a member's monthly cap of counted contact reveals (empty: no cap). */
export function RevealCapDialog({ member, name }: { member: TeamMember; name: string }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const update = useUpdateMember();
  const fieldError = update.error && isApiError(update.error) ? (update.error.fields?.revealCap ?? update.error.message) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const revealCap = value.trim() === '' ? null : Number(value);
    update.mutate(
      { userId: member.userId, revealCap },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success('Cap saved', { description: revealCap === null ? `${name} has no monthly cap.` : `${name} may reveal ${revealCap} contacts a month.` });
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
        if (next) setValue(member.revealCap === null ? '' : String(member.revealCap));
        update.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Monthly reveal cap of ${name}`}>
          {member.revealCap === null ? 'Set cap' : 'Change cap'}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Monthly reveal cap for {name}</DialogTitle>
            <DialogDescription>
              The contacts {name} may reveal each calendar month, within your team’s daily allowance. Reveals a teammate
              already paid for do not count. Leave it empty for no cap.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reveals a month" error={fieldError}>
            <Input type="number" inputMode="numeric" min={0} step={1} value={value} onChange={(event) => setValue(event.target.value)} placeholder="No cap" />
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
