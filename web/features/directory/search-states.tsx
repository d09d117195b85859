import type { ReactNode } from 'react';
import { AlertCircle, RotateCw, SearchX } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { PhysicianCardSkeleton } from '@web/features/physicians/physician-card';
import type { ResultsView } from './results-view';
import { rateLimitWaitText } from './search-errors';

/* The search page's states besides its results: loading, waiting out a limit, empty, failed. */

const SKELETON_CARDS = 6;

/** The filter panel's place while its first render is on its way (a moment on a cold load). */
export function FilterPanelLoading() {
  return (
    <div className="flex flex-col gap-3 p-4" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

export function ResultsSkeleton({ view }: { view: ResultsView }) {
  if (view === 'table') {
    return (
      <div
        className="flex flex-col gap-2 rounded-xl border bg-card p-3"
        aria-label="Loading results"
        aria-busy
      >
        {Array.from({ length: 12 }, (_, i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Loading results" aria-busy>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <li key={i}>
          <PhysicianCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

/** A rate limit met while searching: the results on screen stay, the search runs again by itself (ADR 051). */
export function RateLimitNotice({ waitMs }: { waitMs: number }) {
  return (
    <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {rateLimitWaitText(waitMs)}
    </p>
  );
}

export function EmptyState({ onClear, notice }: { onClear?: () => void; notice?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-surface px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-muted-foreground">
        <SearchX className="size-6" aria-hidden />
      </span>
      <p className="mt-4 text-base font-semibold text-foreground">
        No physicians found matching your criteria.
      </p>
      <p className="mt-1 text-sm text-muted-foreground">Try adjusting your search or filters.</p>
      {notice}
      {onClear && (
        <Button variant="outline" size="sm" onClick={onClear} className="mt-5">
          Clear all filters
        </Button>
      )}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50/60 px-6 py-12 text-center"
    >
      <AlertCircle className="size-8 text-destructive" aria-hidden />
      <p className="mt-3 text-base font-semibold text-foreground">We couldn't load the directory.</p>
      <p className="mt-1 max-w-md text-sm text-slate-700">{message}</p>
      <Button variant="outline" onClick={onRetry} className="mt-5">
        <RotateCw aria-hidden />
        Retry
      </Button>
    </div>
  );
}
