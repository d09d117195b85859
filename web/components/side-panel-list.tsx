import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { toast } from '@web/components/ui/toast';
import { Trash2, type LucideIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';

type SidePanelListProps<T> = {
  /** The items' query: skeletons while pending, a toast when it fails. */
  query: UseQueryResult<readonly T[]>;
  /** The toast of a failed load. */
  loadError: { title: string; description?: string };
  /** Names the list for screen readers, e.g. 'Saved lists' ('Loading saved lists' meanwhile). */
  label: string;
  /** The spec's empty state: its icon, text and the link that leads somewhere useful. */
  empty: { icon: LucideIcon; text: string; linkTo: string; linkLabel: string };
  /** Closes the panel (following the empty state's link leaves it). */
  onClose: () => void;
  children: (item: T) => ReactNode;
};

/**
 * The body of a side panel of saved things (Saved Lists, Saved Searches;
 * docs/rules.md#saved-searches): skeletons while loading, the spec's empty state, else a list of
 * SidePanelItem cards.
 */
export function SidePanelList<T extends { id: string }>({
  query,
  loadError,
  label,
  empty,
  onClose,
  children,
}: SidePanelListProps<T>) {
  // One toast per failed load (a retry that fails again toasts again).
  useEffect(() => {
    if (query.isError) toast.error(loadError.title, { description: loadError.description });
  }, [query.isError, query.errorUpdatedAt, loadError.title, loadError.description]);

  const items = query.data;
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy aria-label={`Loading ${label.toLowerCase()}`}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (!items || items.length === 0) {
    const Icon = empty.icon;
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-10 text-center">
        <Icon className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-muted-foreground">{empty.text}</p>
        <Button asChild onClick={onClose}>
          <Link to={empty.linkTo}>{empty.linkLabel}</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label={label}>
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-3 rounded-xl border bg-surface p-4">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}

type SidePanelItemHeaderProps = {
  title: string;
  /** The line under the title (date, count). */
  meta: ReactNode;
  /** The delete button's accessible name, e.g. 'Delete list Cardiology'. */
  deleteLabel: string;
  /** Absent: no delete button (a teammate's shared item, which only its managers delete). */
  onDelete?: () => void;
  deleting: boolean;
};

/** An item's title, its meta line and its delete button (the rest of the card follows it). */
export function SidePanelItemHeader({
  title,
  meta,
  deleteLabel,
  onDelete,
  deleting,
}: SidePanelItemHeaderProps) {
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-semibold break-words text-foreground" title={title}>
          {title}
        </p>
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">{meta}</p>
      </div>
      {onDelete && (
        <Button
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-1 shrink-0 text-muted-foreground hover:text-destructive"
          aria-label={deleteLabel}
          disabled={deleting}
          onClick={onDelete}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      )}
    </div>
  );
}
