import type { ReactNode } from 'react';
import { ListFilter, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@web/components/ui/sheet';
import { useDeviceChoice } from '@web/lib/device-choice';
import { cn, formatNumber } from '@web/lib/utils';

const COLLAPSED_KEY = 'directory.filters.collapsed';

const parseCollapsed = (stored: string | null) => (stored === '1' ? '1' : '0');

function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count === 0) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] leading-5 font-semibold text-primary-foreground tabular-nums',
        className,
      )}
    >
      {count}
      <span className="sr-only"> active</span>
    </span>
  );
}

type SidebarProps = {
  activeCount: number;
  onClearAll: () => void;
  children: ReactNode;
};

/**
 * The filter panel on wide screens: a sticky column that collapses to a narrow bar
 * (remembered on this device).
 */
export function FilterSidebar({ activeCount, onClearAll, children }: SidebarProps) {
  const [stored, store] = useDeviceChoice(COLLAPSED_KEY, parseCollapsed);
  const collapsed = stored === '1';
  const toggle = (next: boolean) => store(next ? '1' : '0');

  if (collapsed) {
    return (
      <aside aria-label="Filters" className="sticky top-20 hidden h-fit shrink-0 lg:block">
        <div className="flex w-12 flex-col items-center gap-3 rounded-xl border bg-card py-3 shadow-xs">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Expand filters"
            aria-expanded={false}
            onClick={() => toggle(false)}
          >
            <PanelLeftOpen aria-hidden />
          </Button>
          <button
            type="button"
            onClick={() => toggle(false)}
            tabIndex={-1}
            aria-hidden
            className="flex cursor-pointer flex-col items-center gap-2 text-muted-foreground hover:text-foreground"
          >
            <ListFilter className="size-4" />
            <span className="text-xs font-medium [writing-mode:vertical-rl]">Filters</span>
            <CountBadge count={activeCount} />
          </button>
        </div>
      </aside>
    );
  }

  return (
    <aside aria-label="Filters" className="sticky top-20 hidden h-fit w-72 shrink-0 lg:block xl:w-76">
      <div className="flex max-h-[calc(100dvh-6rem)] flex-col overflow-hidden rounded-xl border bg-card shadow-xs">
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <h2 className="flex items-center gap-2 text-sm font-semibold">
            <ListFilter className="size-4 text-muted-foreground" aria-hidden />
            Filters
            <CountBadge count={activeCount} />
          </h2>
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={onClearAll}
              disabled={activeCount === 0}
              className="h-7 px-2 text-primary"
            >
              Clear All
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label="Collapse filters"
              aria-expanded
              onClick={() => toggle(true)}
              className="size-7"
            >
              <PanelLeftClose aria-hidden />
            </Button>
          </div>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
      </div>
    </aside>
  );
}

/** The same panel on small screens: a drawer from the left with a close button. */
export function FilterSheet({
  activeCount,
  onClearAll,
  total,
  children,
}: SidebarProps & { total: number | null }) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" size="sm" className="gap-1.5 px-2.5 lg:hidden">
          <ListFilter aria-hidden />
          {/* A narrow toolbar (the search page's, in a container) draws only the icon. */}
          <span className="sr-only @md:not-sr-only">Filters</span>
          <CountBadge count={activeCount} />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" className="gap-0">
        <SheetHeader className="px-5 py-4">
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>Narrow the directory by location, specialty, skills and more.</SheetDescription>
        </SheetHeader>
        <div className="flex items-center justify-between border-b px-5 py-2">
          <span className="text-sm text-muted-foreground">
            {activeCount === 0 ? 'No filters applied' : `${activeCount} applied`}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={onClearAll}
            disabled={activeCount === 0}
            className="text-primary"
          >
            Clear All
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
        <SheetFooter className="p-4">
          <SheetClose asChild>
            <Button className="w-full">
              {total === null ? 'Show results' : `Show ${formatNumber(total)} results`}
            </Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
