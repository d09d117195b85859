import { useDeferredValue, useMemo, useRef } from 'react';
import { X } from 'lucide-react';
import { FREE_RESULT_CAP } from '@contract/limits';
import type { PhysicianSummary } from '@contract/directory';
import { useCan } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ResultsPagination } from '@web/components/results-pagination';
import { useChosenHospitalNames } from '@web/features/affiliations/api';
import { HighlightProvider } from '@web/features/physicians/highlight';
import { NewSinceNotice } from '@web/features/saved-searches/new-since-notice';
import { resultLine } from '@web/lib/pagination';
import { useLatestCallback } from '@web/lib/use-latest-callback';
import { formatNumber } from '@web/lib/utils';
import {
  activeFilterChips,
  apiSearchString,
  countActiveFilters,
  DEFAULT_TAB,
  filterSearchString,
  hasQueryOrFilter,
  readList,
  withExactSpelling,
  withoutChip,
  withSort,
  withTab,
} from '@web/lib/search-params';
import { useDirectoryFacets, useSettledFacetsSearch, useSpecialtyCounts } from './api';
import { FilterPanel } from './filter-panel';
import { FilterSheet, FilterSidebar } from './filter-sidebar';
import { useResultsView } from './results-view';
import { SearchActionBar, SearchActionsMenu, useSearchActions } from './search-actions';
import { SearchBox } from './search-box';
import { FETCH_ERROR_FALLBACK } from './search-errors';
import { Results, SelectedList } from './search-results';
import { EmptyState, ErrorState, FilterPanelLoading, RateLimitNotice, ResultsSkeleton } from './search-states';
import { useSelection } from './selection';
import { SortMenu } from './sort-menu';
import { UnheldWordsNotice, unheldWordsStatus } from './unheld-words-notice';
import { UpsellBox } from './upsell-box';
import { useArrivingSearch } from './use-arriving-search';
import { useDirectorySearch } from './use-directory-search';
import { ViewMenuItems, ViewSwitch } from './view-switch';

/** The box of the words of no field we hold (ADR 052), in the empty state and above the results. */
const NOTICE_BOX = 'rounded-md border border-sky-200 bg-sky-50 px-3 py-2';

/**
 * /search (and /directory): the directory with its filters, all state in the URL. The page
 * composes; each concern is its own hook or part: the URL's search and its changes
 * (use-directory-search.ts), what shows while an answer arrives (use-arriving-search.ts), the
 * search box and its typing (search-box.tsx), the results (search-results.tsx) and the other
 * states (search-states.tsx). It has no effect of its own (ADR 021).
 */
export function SearchPage() {
  const { params: searchParams, apiSearch, query, sort, tab, search, update, onType, searchFor, clearAll, goToPage: toPage } =
    useDirectorySearch();
  const { data, firstLoad, refreshing, errorMessage, waitingMs } = useArrivingSearch(search);
  const canSeeAll = useCan('search:full-results');
  const canSelectUnlimited = useCan('selection:unlimited');
  const selection = useSelection();
  const resultsRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useResultsView();

  const activeCount = countActiveFilters(searchParams);
  const specialties = useSpecialtyCounts();
  // The counts follow the results: asked for once the results are in and their frame is drawn
  // (useDirectoryFacets), and drawn in a render React may interrupt, so they never delay the
  // results on screen.
  const facets = useDirectoryFacets(useSettledFacetsSearch(apiSearch), !search.isFetching);
  const facetCounts = useDeferredValue(facets.data);

  const cards: PhysicianSummary[] = !search.isError && data ? data.results : [];
  const cap = canSelectUnlimited ? null : FREE_RESULT_CAP;
  // Free and anonymous callers only ever get rows on page 1 (the server's rule): no links to
  // pages that would come back empty; the upsell box explains the rest.
  const pageCount = data ? (canSeeAll ? data.pageCount : Math.min(data.pageCount, 1)) : 0;
  const lockedOut = !!data && !canSeeAll && data.results.length === 0 && data.total > 0;

  const actions = useSearchActions({
    selection,
    cards,
    loading: firstLoad || search.isPlaceholderData,
    hasCriteria: hasQueryOrFilter(searchParams),
    apiSearch,
  });

  const goToPage = (next: number) => {
    if (data && toPage(next, pageCount)) resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  // The panel sees only the filter keys: typing a query (or paging) does not re-render it.
  const filterString = filterSearchString(searchParams);
  const filterParams = useMemo(() => new URLSearchParams(filterString), [filterString]);
  // The chosen hospitals' chips say their names (the filter panel's type-ahead answer, shared).
  const hospitalNames = useChosenHospitalNames(apiSearchString(filterParams), readList(filterParams, 'affiliatedWith'));
  const chips = activeFilterChips(searchParams, hospitalNames);
  const filterPanel = useMemo(
    () => (
      <FilterPanel
        params={filterParams}
        update={update}
        specialties={specialties.data}
        specialtiesLoading={specialties.isPending}
        facets={facetCounts}
      />
    ),
    [filterParams, update, specialties.data, specialties.isPending, facetCounts],
  );
  const onTogglePage = useLatestCallback(actions.onSelectPage);
  // The panel's hundreds of options are drawn just after the page's first paint (a render React
  // may interrupt), not before it: a cold load shows its results first.
  const panelReady = useDeferredValue(true, false);
  const sidebarContent = panelReady ? filterPanel : <FilterPanelLoading />;

  return (
    <div className="mx-auto flex w-full max-w-7xl gap-6 px-4 py-4 sm:px-6 lg:gap-8 lg:px-8 lg:py-6">
      {/* The filters come first on screen and in the tab order; a keyboard user may jump past them. */}
      <a
        href="#directory-results"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip filters
      </a>
      <FilterSidebar activeCount={activeCount} onClearAll={clearAll}>
        {sidebarContent}
      </FilterSidebar>

      <div
        id="directory-results"
        tabIndex={-1}
        className="@container flex min-w-0 flex-1 flex-col gap-3 focus:outline-none"
      >
        <header className="flex flex-col gap-0.5">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground">Physician Directory</h1>
          <p className="text-sm text-muted-foreground">
            Search verified US physicians by name, specialty, skills, organization, title and location.
          </p>
        </header>

        <SearchBox query={query} onType={onType} onSearch={searchFor} />
        {waitingMs !== undefined && <RateLimitNotice waitMs={waitingMs} />}

        {/* Wide results column: the actions as a row of buttons; narrower: one Actions menu in the toolbar. */}
        <SearchActionBar actions={actions} className="hidden @[52rem]:flex" />

        <Tabs
          value={tab === 'selected' ? 'selected' : DEFAULT_TAB}
          onValueChange={(next) => update((previous) => withTab(previous, next))}
          className="gap-3"
        >
          {/* The toolbar is one line at every width: labels give way to icons before anything wraps. */}
          <div
            ref={resultsRef}
            role="toolbar"
            aria-label="Results"
            className="flex scroll-mt-20 flex-nowrap items-center gap-1 @sm:gap-2"
          >
            <FilterSheet
              activeCount={activeCount}
              onClearAll={clearAll}
              total={data && !firstLoad ? data.total : null}
            >
              {sidebarContent}
            </FilterSheet>
            {/* On the narrowest phones (320 px) the tabs scroll within themselves rather than wrap. */}
            <TabsList className="h-8 min-w-0 p-0.5">
              <TabsTrigger value="results" className="px-2 @sm:px-2.5">
                Results
              </TabsTrigger>
              <TabsTrigger value="selected" className="gap-1 px-2 @sm:gap-1.5 @sm:px-2.5">
                Selected
                <span className="rounded-full bg-secondary px-1.5 text-xs tabular-nums">
                  {formatNumber(selection.count)}
                </span>
              </TabsTrigger>
            </TabsList>
            <div className="min-w-0 flex-1" />
            <SearchActionsMenu
              actions={actions}
              className="@[52rem]:hidden"
              extra={
                <div className="@2xl:hidden">
                  <ViewMenuItems view={view} onChange={setView} />
                </div>
              }
            />
            <ViewSwitch view={view} onChange={setView} className="hidden @2xl:inline-flex" />
            <SortMenu
              sortKey={sort.key}
              direction={sort.direction}
              onSort={(key) => update((previous) => withSort(previous, key))}
            />
          </div>

          {chips.length > 0 && (
            <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
              {chips.map((chip) => (
                <button
                  key={`${chip.key}-${chip.value ?? ''}`}
                  type="button"
                  onClick={() => update((previous) => withoutChip(previous, chip))}
                  className="inline-flex max-w-full cursor-pointer items-center gap-1 rounded-full border border-primary/20 bg-primary-soft py-1 pr-1.5 pl-3 text-xs font-medium text-accent-foreground transition-colors hover:border-primary/40 hover:bg-primary-soft/70 focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={`Remove filter ${chip.label}`}
                >
                  <span className="truncate">{chip.label}</span>
                  <X className="size-3.5 shrink-0" aria-hidden />
                </button>
              ))}
              <Button variant="link" size="sm" onClick={clearAll} className="h-6 text-xs">
                Clear All
              </Button>
            </div>
          )}

          <NewSinceNotice
            since={searchParams.get('changedSince')}
            onShowAll={() =>
              update((previous) => {
                const next = new URLSearchParams(previous);
                next.delete('changedSince');
                next.delete('page');
                return next;
              })
            }
          />

          <TabsContent value="results" className="flex flex-col gap-3">
            <p role="status" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
              {firstLoad || refreshing ? (
                'Searching physicians...'
              ) : data && data.total > 0 ? (
                <span className="font-medium text-slate-700">
                  {resultLine({
                    page: data.page,
                    pageSize: data.pageSize,
                    total: data.total,
                    shown: data.results.length,
                    query: data.correctedQuery ?? query,
                  })}
                  {data.unheldWords.length > 0 && <span className="sr-only">{` ${unheldWordsStatus(data.unheldWords)}`}</span>}
                </span>
              ) : data && data.unheldWords.length > 0 ? (
                <span className="sr-only">{`No physicians found. ${unheldWordsStatus(data.unheldWords)}`}</span>
              ) : null}
            </p>
            {data?.correctedQuery && !firstLoad && (
              <p className="-mt-1 text-sm text-slate-700">
                Showing results for <span className="font-semibold">{`'${data.correctedQuery}'`}</span>.{' '}
                <button
                  type="button"
                  className="cursor-pointer text-primary underline-offset-2 hover:underline"
                  onClick={() => update((previous) => withExactSpelling(previous))}
                >
                  {`Search instead for '${query}'`}
                </button>
              </p>
            )}

            {firstLoad ? (
              <ResultsSkeleton view={view} />
            ) : search.isError ? (
              <ErrorState message={errorMessage ?? FETCH_ERROR_FALLBACK} onRetry={() => void search.refetch()} />
            ) : data && data.results.length === 0 && !lockedOut ? (
              <EmptyState
                onClear={activeCount > 0 ? clearAll : undefined}
                notice={<UnheldWordsNotice words={data.unheldWords} query={query} onSearch={searchFor} className={`mt-4 max-w-md ${NOTICE_BOX}`} />}
              />
            ) : data ? (
              <div aria-busy={refreshing || undefined} data-refreshing={refreshing || undefined}>
                <UnheldWordsNotice
                  words={data.unheldWords}
                  query={query}
                  onSearch={searchFor}
                  className={`mb-3 ${NOTICE_BOX}`}
                />
                <HighlightProvider value={data.highlight}>
                  <Results
                    view={view}
                    physicians={data.results}
                    teamReveals={data.teamReveals}
                    inAts={data.inAts}
                    looking={data.looking}
                    selection={selection}
                    cap={cap}
                    pageSelected={actions.pageSelected}
                    onTogglePage={onTogglePage}
                  />
                </HighlightProvider>
              </div>
            ) : null}

            {!firstLoad && data && !canSeeAll && data.total > FREE_RESULT_CAP && (
              <UpsellBox total={data.total} visible={data.visibleLimit ?? FREE_RESULT_CAP} />
            )}

            {data && !search.isError && (
              <ResultsPagination
                page={data.page}
                pageCount={pageCount}
                onPageChange={goToPage}
                className="pt-2"
              />
            )}
          </TabsContent>

          <TabsContent value="selected">
            <SelectedList view={view} selection={selection} cap={cap} />
          </TabsContent>
        </Tabs>
        {actions.dialogs}
      </div>
    </div>
  );
}
