import type { Capability } from '../../../contract/account';
import {
  type FacetsResponse,
  type PhysicianProfile,
  type PhysicianSummary,
  type SearchPhysiciansRequest,
  type SearchPhysiciansResponse,
  type SpecialtyCountsResponse,
} from '../../../contract/directory';
import { SPECIALTIES } from '../../../contract/directory-options';
import { FREE_RESULT_CAP, PAGE_SIZE, SELECT_ALL_MAX } from '../../../contract/limits';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { resolveSpecialtyTerm } from '../../../contract/recruiter-vocabulary';
import { resolveSort, searchTerm, toCriteria, type SearchCriteria } from './criteria';
import { countPhysicians, findProfile, findSummariesByIds, readIndexRows, readIndexRowsByIds } from './repo';
import { DirectoryIndex, type ChangeWindow } from './search-index';
import { runInSlices, type Sliced } from './search-slices';
import { correctQuery } from './spelling';

const SOLD = new Set<string>(SPECIALTIES.map((name) => name.toLowerCase()));
/**
 * Whether a specialty value is one of the 18 we sell: the specialty counts list these only (the
 * Specialties page, the resume form). A value outside them (DAC's 'Other', an old resume's own
 * words) stays on its physician, searchable, and in the facets, which count every value (ADR 035).
 */
const isSoldSpecialty = (value: string) => SOLD.has(value.trim().toLowerCase());

/** The caller as far as search is concerned: anonymous callers are null. */
export type Viewer = { capabilities: readonly Capability[] } | null;

/** Adds up the index work (ms, pauses excluded) of the calls it is given to (a rate limit's cost). */
export type WorkMeter = { busyMs: number };

/**
 * Runs index work in slices (ADR 027): the event loop gets a turn every few milliseconds, so one
 * search, however costly, never holds the other requests for long.
 */
async function sliced<T>(work: Sliced<T>, meter?: WorkMeter): Promise<T> {
  const { value, busyMs } = await runInSlices(work);
  if (meter) meter.busyMs += busyMs;
  return value;
}

/**
 * Without full results (anonymous, free) the NPI filter takes one whole NPI only: a prefix
 * would let a caller walk the directory 20 rows at a time past the free cap.
 */
function refuseNpiPrefix(request: SearchPhysiciansRequest, viewer: Viewer): void {
  const full = viewer?.capabilities.includes('search:full-results') ?? false;
  if (request.npi && !full && !/^\d{10}$/.test(request.npi)) {
    throw fieldError(
      'npi',
      'Enter the whole 10-digit NPI (searching by part of an NPI needs a subscription).',
    );
  }
}

/** Writes that touched at most this many physicians patch the index; larger ones rebuild it. */
const PATCH_LIMIT = 5_000;
/** Removed rows kept as dead slots by patches before a full rebuild compacts them. */
const DEAD_ROWS_LIMIT = 20_000;
/**
 * Rows per query when reloading while serving: on PGlite each query holds the only connection,
 * so smaller batches keep requests waiting a few hundred milliseconds at most.
 */
const RELOAD_BATCH = 5_000;

export type DirectoryService = Awaited<ReturnType<typeof createDirectoryService>>;

/** What a search's rows matched, for the page to mark (SearchPhysiciansResponse.highlight). */
function highlightOf(c: SearchCriteria): SearchPhysiciansResponse['highlight'] {
  return {
    words: [...new Set([...c.words, ...c.terms])],
    specialties: [...new Set(c.specialtyTerms.flatMap((t) => [...t.specialties, ...t.subSpecialties]))],
  };
}

/**
 * The directory: search, profile, specialty counts and facets. Built once at start (it loads the
 * in-memory index from the database) and shared by every request through `deps.services.directory`.
 */
export async function createDirectoryService({ db, logger }: { db: Db; logger: Logger }) {
  const started = performance.now();
  const expected = await countPhysicians(db);
  const index = await DirectoryIndex.build(readIndexRows(db), expected);
  logger.info(
    `directory index: ${index.size.toLocaleString('en-US')} physicians in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // When the index last changed (the metrics' index age).
  let updatedAt = Date.now();
  // Refreshes run one after another, each on top of the previous one.
  let refreshes: Promise<void> = Promise.resolve();
  const queue = (work: () => Promise<void>): Promise<void> => {
    const run = refreshes.then(work);
    refreshes = run.catch((error) => logger.error({ err: error }, 'directory index refresh failed'));
    return run;
  };

  const currentYear = () => new Date().getUTCFullYear();

  return {
    /** The index itself (the benchmark tunes its result cache). */
    index,

    /** Physicians held and when the index last changed (GET /metrics). */
    indexStats(): { physicians: number; updatedAt: number } {
      return { physicians: index.size, updatedAt };
    },

    /**
     * GET /api/physicians. Free and anonymous callers receive only the first 20 rows of a search
     * (page 1, whatever page they ask for) with the true total; others get full pages. A page past
     * the last is answered with the last page, and `page` says which one it is: a stale link or
     * a hand-typed URL shows rows, never 'Showing 0-0 of N'.
     */
    async search(
      request: SearchPhysiciansRequest,
      viewer: Viewer,
      meter?: WorkMeter,
    ): Promise<SearchPhysiciansResponse> {
      refuseNpiPrefix(request, viewer);
      const full = viewer?.capabilities.includes('search:full-results') ?? false;
      let page = full ? (request.page ?? 1) : 1;
      const limit = full ? PAGE_SIZE : FREE_RESULT_CAP;
      let criteria = toCriteria(request, currentYear());
      let sort = resolveSort(request, criteria);
      let { total, ids } = await sliced(
        index.searchSteps(criteria, { ...sort, offset: (page - 1) * PAGE_SIZE, limit }),
        meter,
      );
      // Nothing found: a misspelt word may be why ('cardiolgy'). The corrected query is searched
      // and the answer says so, unless the caller asked for the spelling as typed.
      let correctedQuery: string | null = null;
      if (total === 0 && request.query && request.spelling !== 'exact') {
        const corrected = correctQuery(
          request.query,
          index.wordList(),
          searchTerm,
          (token) => resolveSpecialtyTerm(token) !== null,
        );
        if (corrected) {
          const correctedCriteria = toCriteria({ ...request, query: corrected }, currentYear());
          const correctedSort = resolveSort(request, correctedCriteria);
          const found = await sliced(
            index.searchSteps(correctedCriteria, { ...correctedSort, offset: (page - 1) * PAGE_SIZE, limit }),
            meter,
          );
          if (found.total > 0) {
            ({ total, ids } = found);
            criteria = correctedCriteria;
            sort = correctedSort;
            correctedQuery = corrected;
          }
        }
      }
      const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
      if (page > last) {
        // Past the end: the last page (its rows are in the result cache's prefix or cheap to walk).
        page = last;
        ({ total, ids } = await sliced(
          index.searchSteps(criteria, { ...sort, offset: (page - 1) * PAGE_SIZE, limit }),
          meter,
        ));
      }
      const results = await findSummariesByIds(db, ids);
      return {
        results,
        total,
        page,
        pageSize: PAGE_SIZE,
        pageCount: Math.ceil(total / PAGE_SIZE),
        visibleLimit: full ? null : FREE_RESULT_CAP,
        correctedQuery,
        highlight: highlightOf(criteria),
      };
    },

    /**
     * Select All: the ids of up to `limit` (at most 500) matches of the whole search (query,
     * every filter, sort), in its order; the total says how many matched. Callers check
     * 'selection:all'. (The original applied only the text query: docs, 0-decisions.)
     */
    selectAllIds(request: SearchPhysiciansRequest, limit = SELECT_ALL_MAX): { ids: number[]; total: number } {
      const criteria = toCriteria(request, currentYear());
      return index.search(criteria, {
        ...resolveSort(request, criteria),
        offset: 0,
        limit: Math.max(0, Math.min(limit, SELECT_ALL_MAX)),
      });
    },

    /** selectAllIds in slices (the route's; the synchronous one serves in-process callers). */
    selectAllIdsInSlices(
      request: SearchPhysiciansRequest,
      meter?: WorkMeter,
    ): Promise<{ ids: number[]; total: number }> {
      const criteria = toCriteria(request, currentYear());
      const options = { ...resolveSort(request, criteria), offset: 0, limit: SELECT_ALL_MAX };
      return sliced(index.searchSteps(criteria, options), meter);
    },

    /**
     * The ids among `ids` that match a text query (the search's rules), ordered by name:
     * 'Search within this list...' on the server, from the index (no SQL over the members).
     */
    filterIds(ids: readonly number[], query: string | undefined): number[] {
      return index.filterIds(toCriteria({ query }, currentYear()), ids, 'name', 'asc');
    },

    /** filterIds in slices (the lists' route). */
    filterIdsInSlices(ids: readonly number[], query: string | undefined): Promise<number[]> {
      return sliced(index.filterIdsSteps(toCriteria({ query }, currentYear()), ids, 'name', 'asc'));
    },

    /** Physicians added or changed (ids, with when) that saved searches' alerts look among. */
    changeWindow(ids: ArrayLike<number>, changedAt: ArrayLike<number>): ChangeWindow {
      return index.changeWindow(ids, changedAt);
    },

    /**
     * How many physicians of the window changed after `since` (ms) and match the whole search
     * now (query and every filter), and the first `max` of them by name: an alert's new matches.
     */
    matchesInWindow(
      request: SearchPhysiciansRequest,
      window: ChangeWindow,
      since: number,
      max: number,
    ): { total: number; ids: number[] } {
      return index.matchesInWindow(toCriteria(request, currentYear()), window, since, max);
    },

    /** Summaries (no contact values) of these physicians in the order given; unknown ids are skipped. */
    getPhysiciansByIds(ids: readonly number[]): Promise<PhysicianSummary[]> {
      const unique = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
      return findSummariesByIds(db, unique);
    },

    async getProfile(id: number): Promise<PhysicianProfile> {
      const profile =
        Number.isInteger(id) && id > 0 && id <= 2_147_483_647
          ? await findProfile(db, id, currentYear())
          : null;
      if (!profile) throw new AppError('not_found', 'Physician Not Found');
      return profile;
    },

    /**
     * Counts per specialty from the index (memoised until the next change). An empty directory
     * gives an empty list: the spec's sample numbers are the web app's fallback, not data.
     */
    specialtyCounts(): SpecialtyCountsResponse {
      return { specialties: index.specialtyCounts().filter((row) => isSoldSpecialty(row.specialty)) };
    },

    /** Live option counts for the current search, each filter's own selection left out. */
    facets(request: SearchPhysiciansRequest, viewer: Viewer): FacetsResponse {
      refuseNpiPrefix(request, viewer);
      return index.facets(toCriteria(request, currentYear()));
    },

    /** facets() in slices (the route's). */
    facetsInSlices(
      request: SearchPhysiciansRequest,
      viewer: Viewer,
      meter?: WorkMeter,
    ): Promise<FacetsResponse> {
      refuseNpiPrefix(request, viewer);
      return sliced(index.facetsSteps(toCriteria(request, currentYear())), meter);
    },

    /**
     * Every write to physicians calls this after its transaction commits (resume approval,
     * removal, import): with the ids it touched (inserted, updated or deleted), or without to
     * reload everything. Resolves once searches see the change. Counts and facets follow too.
     */
    directoryChanged(change: { ids?: readonly number[] } = {}): Promise<void> {
      return queue(async () => {
        const ids = change.ids ? [...new Set(change.ids)] : null;
        if (ids && ids.length <= PATCH_LIMIT && index.deadRows + ids.length <= DEAD_ROWS_LIMIT) {
          index.patch(ids, await readIndexRowsByIds(db, ids));
          updatedAt = Date.now();
          return;
        }
        const reloadStarted = performance.now();
        await index.rebuild(readIndexRows(db, RELOAD_BATCH), await countPhysicians(db));
        updatedAt = Date.now();
        logger.info(
          `directory index reloaded: ${index.size.toLocaleString('en-US')} physicians in ${((performance.now() - reloadStarted) / 1000).toFixed(1)} s`,
        );
      });
    },
  };
}
