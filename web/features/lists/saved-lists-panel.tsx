import { useEffect } from 'react';
import { Link } from 'react-router';
import { FolderHeart, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { PhysicianList } from '@contract/lists';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatNumber } from '@web/lib/utils';
import { useDeleteList, useMyLists } from './api';

export function formatListDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export function physicianCount(n: number): string {
  return `${formatNumber(n)} ${n === 1 ? 'physician' : 'physicians'}`;
}

/** The body of the Saved Lists side panel (opened from the nav). */
export function SavedListsPanel({ onClose }: { onClose: () => void }) {
  const lists = useMyLists();
  const remove = useDeleteList();

  useEffect(() => {
    if (lists.isError) toast.error('Failed to load your saved lists');
  }, [lists.isError, lists.errorUpdatedAt]);

  const onDelete = async (list: PhysicianList) => {
    try {
      await remove.mutateAsync(list.id);
      toast.success('List deleted', { description: 'Your saved list has been deleted.' });
    } catch {
      toast.error('Failed to delete saved list');
    }
  };

  if (lists.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy aria-label="Loading saved lists">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (!lists.data || lists.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-10 text-center">
        <FolderHeart className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-muted-foreground">You don't have any saved lists yet.</p>
        <Button asChild onClick={onClose}>
          <Link to="/directory">Go to Directory</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Saved lists">
      {lists.data.map((list) => (
        <li key={list.id} className="flex flex-col gap-2 rounded-xl border bg-surface p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold break-words text-foreground" title={list.name}>
                {list.name}
              </p>
              <p className="mt-0.5 text-xs text-muted-foreground">
                Created on {formatListDate(list.createdAt)} · {physicianCount(list.physicianCount)}
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className="-mt-1 -mr-1 shrink-0 text-muted-foreground hover:text-destructive"
              aria-label={`Delete list ${list.name}`}
              disabled={remove.isPending && remove.variables === list.id}
              onClick={() => void onDelete(list)}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
          {list.description && <p className="line-clamp-2 text-sm text-slate-700">{list.description}</p>}
          <Button asChild size="sm" variant="outline" className="self-start" onClick={onClose}>
            <Link to={`/lists/${list.id}`}>View List</Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}
