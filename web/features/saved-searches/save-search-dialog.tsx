import { useId, useState, type FormEvent } from 'react';
import { ShareWithTeam } from '@web/components/team-sharing';
import { Link } from 'react-router';
import { toast } from '@web/components/ui/toast';
import { SAVED_SEARCH_NAME_MAX, type SavedSearchParams } from '@contract/saved-searches';
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
import { isApiError } from '@web/lib/api';
import { useCreateSavedSearch } from './api';

type SaveSearchDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The whole current search (query, every filter, sort) as the URL spells it. */
  params: SavedSearchParams;
};

/** 'Save Search' (docs/rules.md#saved-searches): a name, 'Saving...' while the call runs. */
export function SaveSearchDialog({ open, onOpenChange, params }: SaveSearchDialogProps) {
  const id = useId();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const save = useCreateSavedSearch();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!name.trim()) {
      toast.error('Name required', { description: 'Please enter a name for your search.' });
      return;
    }
    try {
      await save.mutateAsync({ name, params, ...(shared ? { shared: true } : {}) });
      toast.success('Search saved', { description: 'Your search has been saved successfully.' });
      setName('');
      onOpenChange(false);
    } catch (error) {
      toast.error('Failed to save search', {
        description: (isApiError(error) && error.message) || 'An unexpected error occurred',
      });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="flex flex-col gap-5">
          <DialogHeader>
            <DialogTitle>Save Search</DialogTitle>
            <DialogDescription>
              Keep this search (query, filters and sort) to run it again from Saved Searches. To be emailed
              when new physicians match it, turn on its alert in{' '}
              <Link to="/account?tab=notifications" className="font-medium text-primary underline-offset-4 hover:underline">
                Account &gt; Notifications
              </Link>
              .
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={id}>Search name</Label>
            <Input
              id={id}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={SAVED_SEARCH_NAME_MAX}
              placeholder="e.g. Boston cardiologists"
              autoFocus
              required
            />
          </div>
          <ShareWithTeam checked={shared} onChange={setShared} what="search" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || name.trim() === ''}>
              {save.isPending ? 'Saving...' : 'Save Search'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
