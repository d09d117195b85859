import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { Bookmark, Clock, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { SavedSearch } from '@contract/saved-searches';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { splitList } from '@web/features/directory/search-params';
import { useDeleteSavedSearch, useSavedSearches } from './api';

/** 'Nov 23, 2026 at 1:05 PM': date and 12-hour time (document 1, Saved Searches side panel). */
export function formatSavedAt(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${day} at ${time}`;
}

/** The chips of a saved search: its query, specialty values, location and job title. */
export function savedSearchChips(params: Record<string, string>): string[] {
  const chips: string[] = [];
  if (params.query) chips.push(`"${params.query}"`);
  chips.push(...splitList(params.specialty));
  if (params.location) chips.push(params.location);
  if (params.title) chips.push(params.title);
  return chips;
}

/** The body of the Saved Searches side panel (opened from the nav and from the search page). */
export function SavedSearchesPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();

  useEffect(() => {
    if (searches.isError) toast.error('Error', { description: 'Failed to load your saved searches' });
  }, [searches.isError, searches.errorUpdatedAt]);

  const apply = (search: SavedSearch) => {
    // The search page reads the saved values from navigation state (page 1, tab results).
    void navigate('/search', { state: { searchParams: search.params } });
    onClose();
    toast.success('Search Applied', { description: `Loaded search: ${search.name || 'Untitled Search'}` });
  };

  const onDelete = async (search: SavedSearch) => {
    try {
      await remove.mutateAsync(search.id);
      toast.success('Search deleted', { description: 'Your saved search has been deleted.' });
    } catch {
      toast.error('Failed to delete saved search');
    }
  };

  if (searches.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy aria-label="Loading saved searches">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (!searches.data || searches.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-10 text-center">
        <Bookmark className="size-8 text-muted-foreground" aria-hidden />
        <p className="text-muted-foreground">You don't have any saved searches yet.</p>
        <Button asChild onClick={onClose}>
          <Link to="/search">Go to Search</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Saved searches">
      {searches.data.map((search) => {
        const chips = savedSearchChips(search.params);
        return (
          <li key={search.id} className="flex flex-col gap-3 rounded-xl border bg-surface p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold break-words text-foreground" title={search.name}>
                  {search.name || 'Untitled Search'}
                </p>
                <p className="mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
                  <Clock className="size-3.5" aria-hidden />
                  {formatSavedAt(search.createdAt)}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                className="-mt-1 -mr-1 shrink-0 text-muted-foreground hover:text-destructive"
                aria-label={`Delete saved search ${search.name}`}
                disabled={remove.isPending && remove.variables === search.id}
                onClick={() => void onDelete(search)}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
            {chips.length > 0 && (
              <ul className="flex flex-wrap gap-1.5" aria-label="Search criteria">
                {chips.map((chip) => (
                  <li
                    key={chip}
                    className="max-w-full truncate rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-medium text-accent-foreground"
                  >
                    {chip}
                  </li>
                ))}
              </ul>
            )}
            <Button size="sm" className="self-start" onClick={() => apply(search)}>
              Apply Search
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
