import { NewSinceNotice } from '@web/features/saved-searches/new-since-notice';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { AlertCircle, RotateCw, Search, SearchX, X } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import { FREE_RESULT_CAP } from '@contract/limits';
import type { TeamReveal } from '@contract/contacts';
import { QUERY_MAX_CHARS, QUERY_MAX_WORDS, queryWordCount, type PhysicianSummary } from '@contract/directory';
import { useCan, useMe } from '@web/app/session';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { isApiError } from '@web/lib/api';
import { formatNumber } from '@web/lib/utils';
import { useLatestCallback } from '@web/lib/use-latest-callback';
import {
  directoryKeys,
  searchQueryOptions,
  SESSION_VIEWER,
  useSearchAhead,
  useDirectoryFacets,
  useSearchPhysicians,
  useSettledFacetsSearch,
  useSpecialtyCounts,
} from './api';
import { FilterPanel, type UpdateSearch } from './filter-panel';
import { FilterSheet, FilterSidebar } from './filter-sidebar';
import { HighlightProvider } from '@web/features/physicians/highlight';
import { resultLine } from '@web/lib/pagination';
import { PhysicianCard, PhysicianCardSkeleton } from '@web/features/physicians/physician-card';
import { ResultsTable } from './results-table';
import { useResultsView, type ResultsView } from './results-view';
import { ResultsPagination } from '@web/components/results-pagination';
import {
  announceSelectionOutcome,
  SearchActionBar,
  SearchActionsMenu,
  useSearchActions,
} from './search-actions';
import {
  activeFilterChips,
  apiSearchString,
  countActiveFilters,
  DEFAULT_TAB,
  filterSearchString,
  hasQueryOrFilter,
  readPage,
  readSort,
  readTab,
  readText,
  QUERY_SETTLE_MS,
  searchParamsFromNavigationState,
  withoutChip,
  withoutFilters,
  withExactSpelling,
  withPage,
  withQuery,
  withSort,
  withTab,
} from '@web/lib/search-params';
import { isPageSelected, useSelection, type Selection } from './selection';
import { SortMenu } from './sort-menu';
import { UnheldWordsNotice, unheldWordsStatus } from './unheld-words-notice';
import { UpsellBox } from './upsell-box';
import { ViewMenuItems, ViewSwitch } from './view-switch';

const FETCH_ERROR_FALLBACK = 'An unexpected error occurred while fetching physician data.';
const SKELETON_CARDS = 6;
/** The box of the words of no field we hold (ADR 052), in the empty state and above the results. */
const NOTICE_BOX = 'rounded-md border border-sky-200 bg-sky-50 px-3 py-2';

/** /search (and /directory): the directory with its filters, all state in the URL. */
export function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const me = useMe();
  const canSeeAll = useCan('search:full-results');
  const canSelectUnlimited = useCan('selection:unlimited');
  const selection = useSelection();
  const resultsRef = useRef<HTMLDivElement>(null);

  // Filters live in the URL, updated in place: no history entry per change. The search for the
  // new URL starts here, before React re-renders the page (a router update renders as a
  // transition, in slices): the request and the render overlap instead of following each other.
  const queryClient = useQueryClient();
  const latest = useRef({ params: searchParams, viewer: SESSION_VIEWER });
  // One function for the page's life (the router's setSearchParams changes with every URL): the
  // memoised filter panel, which takes it, is not drawn again for a new query.
  const update: UpdateSearch = useLatestCallback((change, now) => {
    const { params, viewer: searchViewer } = latest.current;
    void queryClient.prefetchQuery(searchQueryOptions(apiSearchString(change(params)), searchViewer));
    setSearchParams((previous) => change(previous), { replace: true, flushSync: now });
  });

  const searchAhead = useSearchAhead();
  const onType = useCallback(
    (text: string) => {
      const { params, viewer: searchViewer } = latest.current;
      searchAhead(apiSearchString(withQuery(params, text)), searchViewer);
    },
    [searchAhead],
  );

  // Arriving from the specialties overview or a saved search: apply its values, then drop the
  // state so a reload or a later filter change does not apply them again.
  const arrivingSearch = searchParamsFromNavigationState(location.state, searchParams);
  useEffect(() => {
    const next = searchParamsFromNavigationState(location.state, new URLSearchParams(location.search));
    if (next) setSearchParams(next, { replace: true, state: null });
  }, [location.state, location.search, setSearchParams]);

  const query = readText(searchParams, 'query');
  const sort = readSort(searchParams);
  const tab = readTab(searchParams);
  const activeCount = countActiveFilters(searchParams);
  const chips = activeFilterChips(searchParams);
  // 'Search for ... instead' (words of no field we hold, ADR 052): a new query, as the box sends it.
  const searchFor = useCallback((text: string) => update((previous) => withQuery(previous, text), true), [update]);

  const viewer = `${me.user?.id ?? 'anonymous'}:${me.subscription.tier}:${me.isAdmin ? 'admin' : 'user'}`;
  const apiSearch = apiSearchString(searchParams);
  // A cold load sends the search with /api/me, not after it: the first answer is kept under the
  // session's key (the server answered for this same cookie) and handed to the viewer's key once
  // both are in, so the first results paint after the slower of the two, not their sum.
  const [coldStart, setColdStart] = useState(me.isLoading);
  const searchViewer = coldStart ? SESSION_VIEWER : viewer;
  const search = useSearchPhysicians(apiSearch, searchViewer, arrivingSearch === null);
  useEffect(() => {
    latest.current = { params: searchParams, viewer: searchViewer };
  });
  useEffect(() => {
    if (!coldStart || me.isLoading || search.isFetching) return;
    if (search.data) queryClient.setQueryData(directoryKeys.search(apiSearch, viewer), search.data);
    setColdStart(false);
  }, [coldStart, me.isLoading, search.isFetching, search.data, queryClient, apiSearch, viewer]);
  const specialties = useSpecialtyCounts();
  // The counts follow the results: asked for once the results are in and their frame is drawn
  // (useDirectoryFacets), and drawn in a render React may interrupt, so they never delay the
  // results on screen.
  const facets = useDirectoryFacets(useSettledFacetsSearch(apiSearch), !search.isFetching);
  const facetCounts = useDeferredValue(facets.data);

  // One toast per failed search (after the retries), with the same text the page shows.
  const errorMessage = search.isError
    ? (isApiError(search.error) && search.error.message) || FETCH_ERROR_FALLBACK
    : null;
  useEffect(() => {
    if (errorMessage) toast.error('Error Fetching Data', { description: errorMessage });
  }, [errorMessage, search.errorUpdatedAt]);

  // A rate limit met while searching: the results on screen stay, the search runs again once
  // the limit allows (query-client.ts), and the page says when (ADR 051).
  const waitingMs =
    isApiError(search.failureReason) && search.failureReason.status === 429 && !search.isError
      ? search.failureReason.retryAfterMs
      : undefined;

  const data = search.data;
  // Only the first load shows skeletons. After it, the previous results stay on screen while
  // the next search runs (typing, a filter, a page): no flash, no jump. An answer for an older
  // search never replaces a newer one: each search is its own query key, the page watches only
  // the current one, and TanStack aborts the request of a key nobody watches any more.
  // Until /api/me is in, the page cannot tell which tier the rows are for: still the first load.
  const firstLoad = me.isLoading || search.isPending || (!data && search.isFetching);
  const refreshing = !firstLoad && (search.isPlaceholderData || search.isFetching);
  const cards: PhysicianSummary[] = !search.isError && data ? data.results : [];
  const cap = canSelectUnlimited ? null : FREE_RESULT_CAP;
  // Free and anonymous callers only ever get rows on page 1 (the server's rule): no links to
  // pages that would come back empty; the upsell box explains the rest.
  const pageCount = data ? (canSeeAll ? data.pageCount : Math.min(data.pageCount, 1)) : 0;
  const lockedOut = !!data && !canSeeAll && data.results.length === 0 && data.total > 0;

  // A page past the last comes back as the last page (page 1 for free callers): the URL follows,
  // and the answer is kept under the new URL's search so it is not asked for again.
  const answeredPage = data && !search.isPlaceholderData && !search.isFetching ? data.page : null;
  useEffect(() => {
    if (answeredPage === null || !data || answeredPage === readPage(searchParams)) return;
    const params = withPage(searchParams, answeredPage, answeredPage);
    if (!params) return;
    queryClient.setQueryData(directoryKeys.search(apiSearchString(params), searchViewer), data);
    setSearchParams(params, { replace: true, preventScrollReset: true });
  }, [answeredPage, data, searchParams, searchViewer, queryClient, setSearchParams]);
  const [view, setView] = useResultsView();

  const actions = useSearchActions({
    selection,
    cards,
    loading: firstLoad || search.isPlaceholderData,
    hasCriteria: hasQueryOrFilter(searchParams),
    apiSearch: apiSearchString(searchParams),
  });

  const clearAll = () => update((previous) => withoutFilters(previous));

  const goToPage = (next: number) => {
    if (!data) return;
    const params = withPage(searchParams, next, pageCount);
    if (!params) return;
    setSearchParams(params, { replace: true, preventScrollReset: true });
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  // The panel sees only the filter keys: typing a query (or paging) does not re-render it.
  const filterString = filterSearchString(searchParams);
  const filterParams = useMemo(() => new URLSearchParams(filterString), [filterString]);
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

        <SearchBox
          query={query}
          onType={onType}
          onSearch={(text) => update((previous) => withQuery(previous, text), true)}
        />
        {waitingMs !== undefined && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {`Searching resumes in ${Math.max(1, Math.ceil(waitingMs / 1000))} seconds: many searches ran in a short time. These results stay, and your search runs again by itself.`}
          </p>
        )}

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
              <ErrorState
                message={errorMessage ?? FETCH_ERROR_FALLBACK}
                onRetry={() => void search.refetch()}
              />
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

/**
 * The search text runs as the user types: each keystroke starts its search (`onType`, one
 * request at a time), and after a short pause (QUERY_SETTLE_MS) the text goes to the URL
 * (replaced, not pushed: one history entry however long the typing); the results follow the
 * URL. Enter runs it at once.
 */
function SearchBox({
  query,
  onType,
  onSearch,
}: {
  query: string;
  onType: (text: string) => void;
  onSearch: (text: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(query);
  // When the URL's query changes to something this box did not send, it came from elsewhere (a
  // chip, back/forward, a saved search) and replaces the draft. The box's own text must not: its
  // trimmed form would eat a space typed between words. Only a change of the URL counts: while
  // the router is still applying the box's search (a transition), the URL has the old query,
  // and the draft must not go back to it (a click on Search then would send the old text).
  // The box's own searches are the recent ones it sent (typing fast, an older one may land in
  // the URL after a newer one was sent: still ours).
  const [urlQuery, setUrlQuery] = useState(query);
  const [sentQueries, setSentQueries] = useState([query]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (query !== urlQuery) {
    setUrlQuery(query);
    if (query === sentQueries.at(-1)) {
      if (sentQueries.length > 1) setSentQueries([query]); // in step again
    } else if (!sentQueries.includes(query)) {
      setSentQueries([query]);
      setDraft(query);
    }
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  // A query the API would refuse (ADR 027) is not sent: the box says why instead.
  const tooLong = queryTooLong(draft);
  const run = (text: string) => {
    clearTimeout(timer.current);
    if (queryTooLong(text)) return;
    setSentQueries((sent) => [...sent.slice(-19), text.trim()]);
    onSearch(text);
  };
  const onChange = (text: string) => {
    setDraft(text);
    clearTimeout(timer.current);
    if (queryTooLong(text)) return;
    onType(text);
    timer.current = setTimeout(() => run(text), QUERY_SETTLE_MS);
  };
  // Text typed into the server's drawing of the page before it went live (ADR 026) is still in
  // the box (hydration keeps it): it runs now, as if typed now.
  const input = useRef<HTMLInputElement>(null);
  const typedBeforeLive = useLatestCallback(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== draft) onChange(typed);
  });
  useEffect(() => typedBeforeLive(), [typedBeforeLive]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(draft);
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="sr-only">
        Search physicians
      </Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            ref={input}
            id={id}
            type="search"
            name="query"
            value={draft}
            onChange={(event) => onChange(event.target.value)}
            placeholder="Name, specialty, skill, company or title"
            maxLength={QUERY_MAX_CHARS}
            autoComplete="off"
            enterKeyHint="search"
            className="h-10 pl-10 text-base sm:text-sm"
            aria-invalid={tooLong ? true : undefined}
            aria-describedby={tooLong ? `${id}-too-long` : `${id}-help`}
          />
        </div>
        <Button type="submit" className="h-10 px-5">
          Search
        </Button>
      </div>
      {tooLong ? (
        <p id={`${id}-too-long`} role="alert" className="text-xs text-destructive">
          A search takes at most {QUERY_MAX_WORDS} words: remove some to search again.
        </p>
      ) : (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          Results update as you type. A full name, or several words that must each match a field, e.g.
          'cardiology boston' or 'Boston, MA'.
        </p>
      )}
    </form>
  );
}

/** Whether the API would refuse this query for its words (its length is the input's maxLength). */
function queryTooLong(text: string): boolean {
  return queryWordCount(text) > QUERY_MAX_WORDS;
}

/** Results drawn at once when an answer arrives (a screenful at 1280x800 and more). */
const FIRST_CARDS = 5;
const FIRST_TABLE_ROWS = 16;
const NO_PHYSICIANS: PhysicianSummary[] = [];

/**
 * Back on the page from a card's sign-up or log-in prompt ('/search?...#physician-12'): once the
 * card is drawn, it scrolls into view (clear of the header) and its Email button takes focus.
 * Once per history entry; the address is read, not subscribed to, so the memoised results are
 * not drawn again for every change of the query string.
 */
let returnedToCard: string | null = null;
function useReturnToCard(physicians: PhysicianSummary[]) {
  useEffect(() => {
    const { hash } = window.location;
    if (!hash.startsWith('#physician-')) return;
    const entry = `${(window.history.state as { key?: string } | null)?.key ?? ''}${hash}`;
    if (returnedToCard === entry) return;
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!card) return;
    returnedToCard = entry;
    card.scrollIntoView({ block: 'start' });
    const target = card.querySelector<HTMLElement>('[data-contact="email"]') ?? card.querySelector<HTMLElement>('a[data-card-link]');
    target?.focus({ preventScroll: true });
  }, [physicians]);
}

/** The selected tab's cards: no page of results, so no teammates' reveals to show. */
const NO_TEAM_REVEALS: TeamReveal[] = [];

/** Memoised: a new query or the 'Searching...' state re-renders the page, not 25 cards. */
const Results = memo(function Results({
  view,
  physicians,
  teamReveals,
  selection,
  cap,
  pageSelected,
  onTogglePage,
}: {
  view: ResultsView;
  physicians: PhysicianSummary[];
  /** The page's physicians a teammate revealed in the last 30 days (ADR 061). */
  teamReveals: TeamReveal[];
  selection: Selection;
  cap: number | null;
  pageSelected: boolean;
  onTogglePage: () => void;
}) {
  const toggle = (physician: PhysicianSummary) => announceSelectionOutcome(selection.toggle(physician, cap));
  // New results draw what fills the screen first; the rest follow in a second render React may
  // interrupt (useDeferredValue), so the first screen is not held up by 25 cards below the fold.
  const deferred = useDeferredValue(physicians, NO_PHYSICIANS);
  const first = view === 'table' ? FIRST_TABLE_ROWS : FIRST_CARDS;
  const partial = deferred !== physicians && physicians.length > first;
  physicians = partial ? physicians.slice(0, first) : physicians;
  useReturnToCard(physicians);
  if (view === 'table') {
    const someSelected = physicians.some((physician) => selection.isSelected(physician.id));
    return (
      <ResultsTable
        physicians={physicians}
        teamReveals={teamReveals}
        isSelected={selection.isSelected}
        onToggle={toggle}
        pageSelected={pageSelected ? true : someSelected ? 'indeterminate' : false}
        onTogglePage={onTogglePage}
        busy={partial}
      />
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Physicians" aria-busy={partial || undefined}>
      {physicians.map((physician) => (
        <li key={physician.id}>
          <PhysicianCard
            physician={physician}
            teamReveal={teamReveals.find((reveal) => reveal.physicianId === physician.id)}
            selected={selection.isSelected(physician.id)}
            onSelectedChange={() => toggle(physician)}
          />
        </li>
      ))}
    </ul>
  );
});

/** The filter panel's place while its first render is on its way (a moment on a cold load). */
function FilterPanelLoading() {
  return (
    <div className="flex flex-col gap-3 p-4" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

function ResultsSkeleton({ view }: { view: ResultsView }) {
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

function SelectedList({
  view,
  selection,
  cap,
}: {
  view: ResultsView;
  selection: Selection;
  cap: number | null;
}) {
  if (selection.count === 0) {
    return (
      <div className="rounded-xl border border-dashed bg-surface px-6 py-12 text-center">
        <p className="font-medium text-foreground">No physicians selected yet.</p>
        <p className="mt-1 text-sm text-muted-foreground">Tick the cards you want, or use Select Page.</p>
      </div>
    );
  }
  const known = selection.ids.map((id) => selection.state.physicians[id]).filter(Boolean);
  // Here the header box unticks (or ticks again) every physician listed.
  const allKnownSelected = isPageSelected(selection.state, known, cap);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-slate-700">
        {selection.mode === 'all'
          ? `All ${formatNumber(selection.count)} matching physicians are selected.`
          : `${formatNumber(selection.count)} selected`}
      </p>
      <Results
        view={view}
        physicians={known}
        teamReveals={NO_TEAM_REVEALS}
        selection={selection}
        cap={cap}
        pageSelected={allKnownSelected}
        onTogglePage={() =>
          allKnownSelected
            ? selection.deselectPage(known)
            : announceSelectionOutcome(selection.selectPage(known, cap))
        }
      />
    </div>
  );
}

function EmptyState({ onClear, notice }: { onClear?: () => void; notice?: ReactNode }) {
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

function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
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
