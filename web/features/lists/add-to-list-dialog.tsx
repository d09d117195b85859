import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from '@web/components/ui/toast';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { isApiError } from '@web/lib/api';
import { cn, formatNumber } from '@web/lib/utils';
import { useAddToList, useCreateList, useMyLists } from './api';
import { ListFields, type ListFieldValues } from './list-fields';
import { physicianCount as physicians } from './saved-lists-panel';

type Mode = 'new' | 'existing';

type AddToListDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  physicianIds: number[];
  /** Called after a successful add (the search page keeps its selection). */
  onDone?: () => void;
};

/**
 * 'Add to Physician List' (docs/rules.md#lists): Create New List (default) or Add to Existing
 * List (disabled without lists; newest first, the first preselected). 'Processing...' while the
 * call runs; the toast counts what the server really added.
 */
export function AddToListDialog({ open, onOpenChange, physicianIds, onDone }: AddToListDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {/* Mounted per opening, so every opening starts from the defaults. */}
        {open && (
          <AddToListForm physicianIds={physicianIds} onClose={() => onOpenChange(false)} onDone={onDone} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function AddToListForm({
  physicianIds,
  onClose,
  onDone,
}: {
  physicianIds: number[];
  onClose: () => void;
  onDone?: () => void;
}) {
  const ids = useId();
  const lists = useMyLists();
  const createList = useCreateList();
  const addToList = useAddToList();
  const [mode, setMode] = useState<Mode>('new');
  const [fields, setFields] = useState<ListFieldValues>({ name: '', description: '', shared: false });
  const [chosenId, setChosenId] = useState<string | null>(null);

  const hasLists = (lists.data?.length ?? 0) > 0;
  // The first (newest) list is preselected until the user picks another.
  const listId = chosenId ?? lists.data?.[0]?.id ?? '';
  const processing = createList.isPending || addToList.isPending;
  const disabled = processing || (mode === 'new' ? fields.name.trim() === '' : listId === '');

  // One toast per failed load; the form still allows creating a new list.
  useEffect(() => {
    if (lists.isError) toast.error('Error', { description: 'Failed to load your physician lists' });
  }, [lists.isError, lists.errorUpdatedAt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    try {
      if (mode === 'new') {
        const result = await createList.mutateAsync({
          name: fields.name,
          description: fields.description.trim() ? fields.description : undefined,
          physicianIds,
          ...(fields.shared ? { shared: true } : {}),
        });
        toast.success('List Created', {
          description: `Created list "${result.list.name}" with ${physicians(result.added)}`,
        });
      } else {
        const result = await addToList.mutateAsync({ listId, physicianIds });
        toast.success('List Updated', {
          description: `Added ${physicians(result.added)} to the selected list`,
        });
      }
      onClose();
      onDone?.();
    } catch (error) {
      toast.error('Failed to process list', {
        description: (isApiError(error) && error.message) || 'An unexpected error occurred',
      });
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      <DialogHeader>
        <DialogTitle>Add to Physician List</DialogTitle>
        <DialogDescription>
          {physicianIds.length === 1
            ? 'Add the selected physician to a list.'
            : `Add the ${formatNumber(physicianIds.length)} selected physicians to a list.`}
        </DialogDescription>
      </DialogHeader>

      <fieldset className="grid grid-cols-2 gap-2">
        <legend className="sr-only">How to add</legend>
        <ModeOption name={`${ids}-mode`} value="new" mode={mode} onChange={setMode} label="Create New List" />
        <ModeOption
          name={`${ids}-mode`}
          value="existing"
          mode={mode}
          onChange={setMode}
          label="Add to Existing List"
          disabled={!hasLists}
        />
      </fieldset>

      {mode === 'new' ? (
        <ListFields
          values={fields}
          onChange={setFields}
          namePlaceholder="e.g. Cardiologists in Texas"
          autoFocus
        />
      ) : (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-list`}>List</Label>
          <select
            id={`${ids}-list`}
            value={listId}
            onChange={(event) => setChosenId(event.target.value)}
            className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring"
          >
            {lists.data?.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name} ({physicians(list.physicianCount)})
              </option>
            ))}
          </select>
        </div>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={disabled}>
          {processing ? 'Processing...' : mode === 'new' ? 'Create List' : 'Add to List'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function ModeOption({
  name,
  value,
  mode,
  onChange,
  label,
  disabled = false,
}: {
  name: string;
  value: Mode;
  mode: Mode;
  onChange: (mode: Mode) => void;
  label: string;
  disabled?: boolean;
}) {
  const checked = mode === value;
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-primary-soft text-primary' : 'hover:bg-secondary',
        disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        className="accent-primary"
      />
      {label}
    </label>
  );
}
