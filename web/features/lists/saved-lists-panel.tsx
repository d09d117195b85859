import { Link } from 'react-router';
import { FolderHeart } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import type { PhysicianList } from '@contract/lists';
import { SidePanelItemHeader, SidePanelList } from '@web/components/side-panel-list';
import { Button } from '@web/components/ui/button';
import { formatNumber } from '@web/lib/utils';
import { useDeleteList, useMyLists } from './api';

export function formatListDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

export function physicianCount(n: number): string {
  return `${formatNumber(n)} ${n === 1 ? 'physician' : 'physicians'}`;
}

/** The spec's empty state (docs/rules.md#saved-searches). */
const EMPTY = {
  icon: FolderHeart,
  text: "You don't have any saved lists yet.",
  linkTo: '/directory',
  linkLabel: 'Go to Directory',
} as const;

/** The body of the Saved Lists side panel (opened from the nav). */
export function SavedListsPanel({ onClose }: { onClose: () => void }) {
  const lists = useMyLists();
  const remove = useDeleteList();

  const onDelete = async (list: PhysicianList) => {
    try {
      await remove.mutateAsync(list.id);
      toast.success('List deleted', { description: 'Your saved list has been deleted.' });
    } catch {
      toast.error('Failed to delete saved list');
    }
  };

  return (
    <SidePanelList
      query={lists}
      loadError={{ title: 'Failed to load your saved lists' }}
      label="Saved lists"
      empty={EMPTY}
      onClose={onClose}
    >
      {(list) => (
        <>
          <SidePanelItemHeader
            title={list.name}
            meta={`Created on ${formatListDate(list.createdAt)} · ${physicianCount(list.physicianCount)}`}
            deleteLabel={`Delete list ${list.name}`}
            deleting={remove.isPending && remove.variables === list.id}
            onDelete={() => void onDelete(list)}
          />
          {list.description && <p className="line-clamp-2 text-sm text-slate-700">{list.description}</p>}
          <Button asChild size="sm" variant="outline" className="self-start" onClick={onClose}>
            <Link to={`/lists/${list.id}`}>View List</Link>
          </Button>
        </>
      )}
    </SidePanelList>
  );
}
