import { ArrowDown, ArrowUp, ArrowUpDown, Check } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { SORT_KEYS, type SortDirection, type SortKey } from '@contract/directory';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { DEFAULT_SORT, sortHasDirection } from '@web/lib/search-params';

const SORT_LABEL: Record<SortKey, string> = {
  relevance: 'Relevance',
  name: 'Name',
  specialty: 'Specialty',
  location: 'Location',
  distance: 'Distance',
};

/**
 * Sort by relevance, name, specialty or location; choosing the key in use again reverses it.
 * Relevance (best match first) has no direction: no arrow, nothing to reverse.
 */
export function SortMenu({
  sortKey,
  direction,
  onSort,
}: {
  sortKey: SortKey | null;
  direction: SortDirection;
  onSort: (key: SortKey) => void;
}) {
  const active = sortKey ?? DEFAULT_SORT.key;
  // Distance is offered with a radius only (ADR 023).
  const [params] = useSearchParams();
  const keys = SORT_KEYS.filter((key) => key !== 'distance' || !!params.get('near')?.trim());
  const directed = sortHasDirection(active);
  const DirectionIcon = direction === 'asc' ? ArrowUp : ArrowDown;
  const directionText = direction === 'asc' ? 'ascending' : 'descending';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 px-2.5 @lg:px-3"
          aria-label={directed ? `Sort by ${SORT_LABEL[active]}, ${directionText}` : `Sort by ${SORT_LABEL[active]}`}
        >
          <ArrowUpDown aria-hidden />
          {/* In a narrow toolbar (a container query) the icon alone; the name says it all. */}
          <span className="hidden text-muted-foreground @[52rem]:inline">Sort by</span>
          <span className="hidden @lg:inline">{SORT_LABEL[active]}</span>
          {directed && <DirectionIcon className="text-muted-foreground" aria-hidden />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-52">
        <DropdownMenuLabel className="text-xs text-muted-foreground">Sort by</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {keys.map((key) => {
          const isActive = key === active;
          return (
            <DropdownMenuItem key={key} onSelect={() => onSort(key)} className="justify-between">
              <span className="flex items-center gap-2">
                <Check className={isActive ? 'text-primary' : 'invisible'} aria-hidden />
                {SORT_LABEL[key]}
              </span>
              {isActive && sortHasDirection(key) && (
                <span className="flex items-center gap-1 text-xs text-muted-foreground">
                  {key === 'distance'
                    ? direction === 'asc'
                      ? 'Nearest'
                      : 'Farthest'
                    : direction === 'asc'
                      ? 'A-Z'
                      : 'Z-A'}
                  <DirectionIcon className="size-3.5" aria-hidden />
                  <span className="sr-only">{directionText}, select to reverse</span>
                </span>
              )}
              {key === 'relevance' && <span className="text-xs text-muted-foreground">Best match first</span>}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
