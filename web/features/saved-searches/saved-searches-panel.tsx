import { useNavigate } from 'react-router';
import { Bookmark, Clock } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import type { SavedSearch } from '@contract/saved-searches';
import { SidePanelItemHeader, SidePanelList } from '@web/components/side-panel-list';
import { Button } from '@web/components/ui/button';
import { activeFilterChips, searchParamsFor, splitList } from '@web/lib/search-params';
import { SharedBadge } from '@web/components/team-sharing';
import { useDeleteSavedSearch, useSavedSearches } from './api';

/** 'Nov 23, 2026 at 1:05 PM': date and 12-hour time (docs/rules.md#saved-searches). */
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

/**
 * Everything a saved search asks for, for a one-line description (the alert settings, where a
 * search of only a radius or a skill must still say what it watches): the query, then every
 * filter as the search page's chips name it.
 */
export function savedSearchSummary(params: Record<string, string>): string[] {
  const query = params.query?.trim();
  return [
    ...(query ? [`"${query}"`] : []),
    ...activeFilterChips(new URLSearchParams(params)).map((chip) => chip.label),
  ];
}

/** The spec's empty state (docs/rules.md#saved-searches). */
const EMPTY = {
  icon: Bookmark,
  text: "You don't have any saved searches yet.",
  linkTo: '/search',
  linkLabel: 'Go to Search',
} as const;

/** The body of the Saved Searches side panel (opened from the nav and from the search page). */
export function SavedSearchesPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();

  const apply = (search: SavedSearch) => {
    // The saved values as the search page's URL (page 1, tab results).
    void navigate({ pathname: '/search', search: searchParamsFor({ searchParams: search.params })?.toString() ?? '' });
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

  return (
    <SidePanelList
      query={searches}
      loadError={{ title: 'Error', description: 'Failed to load your saved searches' }}
      label="Saved searches"
      empty={EMPTY}
      onClose={onClose}
    >
      {(search) => {
        const chips = savedSearchChips(search.params);
        return (
          <>
            <SidePanelItemHeader
              title={search.name || 'Untitled Search'}
              meta={
                <>
                  <Clock className="size-3.5" aria-hidden />
                  {formatSavedAt(search.createdAt)}
                  {search.shared && <> · <SharedBadge createdBy={search.createdBy} /></>}
                </>
              }
              deleteLabel={`Delete saved search ${search.name}`}
              deleting={remove.isPending && remove.variables === search.id}
              onDelete={search.canManage ? () => void onDelete(search) : undefined}
            />
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
          </>
        );
      }}
    </SidePanelList>
  );
}
