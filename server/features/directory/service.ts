import { dirname } from 'node:path';
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
import type { HospitalOptionsResponse } from '../../../contract/affiliations';
import { findHospitals } from './affiliations';
import { FREE_RESULT_CAP, PAGE_SIZE, SELECT_ALL_MAX } from '../../../contract/limits';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { privateFolderProblem } from '../../lib/private-files';
import { teamRevealedIds, teamReveals } from '../contacts';
import { allInAtsOf, inAtsOf } from '../integrations';
import { lookingIds, lookingStatusesOf, lookingStatusOf } from '../outreach';
import { resolveSpecialtyTerm } from '../../../contract/recruiter-vocabulary';
import { resolveUnheldTerm } from '../../../contract/unheld-words';
import {
  countPhysicians,
  findProfile,
  findSummariesByIds,
  INDEX_ROWS_SOURCE,
  purgeChangeJournal,
  readBuildStamp,
  readChangesSince,
  readIndexRows,
  readIndexRowsByIds,
  readSnapshotKey,
} from './repo';
import {
  correctQuery,
  DirectoryIndex,
  IdSet,
  resolveSort,
  runInSlices,
  searchTerm,
  snapshotFormat,
  toCriteria,
  unheldWordsOf,
  Workspace,
  type ChangeWindow,
  type SearchCriteria,
  type Sliced,
  type SnapshotStamp,
} from './search-index';

const SOLD = new Set<string>(SPECIALTIES.map((name) => name.toLowerCase()));
/**
 * Whether a specialty value is one of the 18 we sell: the specialty counts list these only (the
 * Specialties page, the resume form). A value outside them (DAC's 'Other', an old resume's own
 * words) stays on its physician, searchable, and in the facets, which count every value (ADR 035).
 */
const isSoldSpecialty = (value: string) => SOLD.has(value.trim().toLowerCase());

/** The caller as far as search is concerned: anonymous callers are null. */
export type Viewer = { capabilities: readonly Capability[]; id?: string; teamId?: string | null } | null;

/**
 * The filters the index answers from id sets the service reads per call (the caller's own work,
 * what physicians said): physicians to leave out, physicians to keep only (null: no such filter).
 */
type IdFilters = { excludedIds: IdSet | null; includedIds: IdSet | null };
const NO_ID_FILTERS: IdFilters = { excludedIds: null, includedIds: null };

/** The criteria with the id-set filters (when there are any). */
const withIdFilters = (criteria: SearchCriteria, filters: IdFilters): SearchCriteria =>
  filters.excludedIds || filters.includedIds ? { ...criteria, ...filters } : criteria;

/** Adds up the index work (ms, pauses excluded) of the calls it is given to (a rate limit's cost). */
export type WorkMeter = { busyMs: number };

/**
 * Runs index work in slices (ADR 027): the event loop gets a turn every few milliseconds, so one
 * search, however costly, never holds the other requests for long.
 */
async function sliced<T>(work: (ws: Workspace) => Sliced<T>, meter?: WorkMeter): Promise<T> {
  const ws = Workspace.borrow();
  const { value, busyMs } = await runInSlices(work(ws));
  ws.giveBack();
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
/** Facilities the 'Affiliated with' type-ahead lists (besides those chosen). */
const HOSPITAL_OPTIONS = 20;
const PATCH_LIMIT = 5_000;
/** Removed rows kept as dead slots by patches before a full rebuild compacts them. */
const DEAD_ROWS_LIMIT = 20_000;
/**
 * Rows per query when reloading while serving: on PGlite each query holds the only connection,
 * so smaller batches keep requests waiting a few hundred milliseconds at most.
 */
const RELOAD_BATCH = 5_000;
/** A start re-reads at most this many changed physicians after reading the snapshot file; more: every row. */
const REPLAY_LIMIT = 100_000;
/** The maintenance pass reloads every row (and writes the file) once this many changed since its stamp. */
const REFRESH_AFTER = 20_000;
/** How long the change journal keeps its rows (the maintenance pass deletes older ones). */
export const JOURNAL_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

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
 * in-memory index from the database) and shared through the app's services: the routes, and the
 * jobs, hand each service the parts of it that service uses (ADR 060).
 */
export async function createDirectoryService({
  db,
  logger,
  snapshotFile = null,
}: {
  db: Db;
  logger: Logger;
  /** Where the index is kept between starts (ADR 038); null: rebuilt from the database every start. */
  snapshotFile?: string | null;
}) {
  const started = performance.now();
  const format = snapshotFormat(INDEX_ROWS_SOURCE);
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
  let opened: DirectoryIndex | null = null;
  // The stamp of the last read of every row (the snapshot file's, or this process's build).
  let stamp: SnapshotStamp | null = null;
  // The stamp of the latest read that covers every change before it (a build, or the re-read
  // after the file): catchUpAfterListening re-reads what came after it.
  let covered: SnapshotStamp | null = null;
  let replayed = 0;
  // The database's key the file is signed with (ADR 049), read at start when a file is kept.
  let key: Buffer | null = null;
  /** Why the snapshot file may be neither read nor written now (no key, its folder refused), or null. */
  const snapshotProblem = async (file: string): Promise<string | null> => {
    if (!key) return 'the database holds no snapshot key (migration 0049)';
    const folder = await privateFolderProblem(dirname(file));
    return folder && `its folder cannot be trusted: ${folder}`;
  };
  if (snapshotFile) {
    // Whatever the file holds, a start goes on: a file that fails any check is set aside with a
    // warning and the rows are read instead (ADR 049).
    try {
      key = await readSnapshotKey(db);
      const problem = await snapshotProblem(snapshotFile);
      const loaded = problem ? { reason: problem, expected: false } : await DirectoryIndex.load(snapshotFile, format, key!);
      const reread = await readBuildStamp(db);
      const changes = 'index' in loaded ? await readChangesSince(db, loaded.stamp) : null;
      const why =
        'reason' in loaded
          ? loaded.reason
          : !changes
            ? 'written for another database'
            : changes.everything
              ? 'a bulk change since it was written'
              : changes.ids.length > REPLAY_LIMIT
                ? `${changes.ids.length.toLocaleString('en-US')} physicians changed since it was written`
                : Date.now() - loaded.stamp.at > JOURNAL_DAYS * DAY_MS
                  ? `older than the change journal (${JOURNAL_DAYS} days)`
                  : null;
      if ('index' in loaded && changes && !why) {
        // The physicians changed since the file's rows were read, re-read (a patch, as at runtime).
        for (let i = 0; i < changes.ids.length; i += PATCH_LIMIT) {
          const ids = changes.ids.slice(i, i + PATCH_LIMIT);
          loaded.index.patch(ids, await readIndexRowsByIds(db, ids));
        }
        opened = loaded.index;
        stamp = loaded.stamp;
        covered = reread;
        replayed = changes.ids.length;
        logger.info(
          `directory index: ${opened.size.toLocaleString('en-US')} physicians read from ${snapshotFile} and ${replayed.toLocaleString('en-US')} changed since from the database in ${seconds(started)} s`,
        );
      } else if ('reason' in loaded && !loaded.expected) {
        logger.warn({ file: snapshotFile }, `directory index: building from the database (snapshot refused: ${why})`);
      } else {
        logger.info(`directory index: building from the database (snapshot not used: ${why})`);
      }
    } catch (error) {
      logger.warn(
        { file: snapshotFile, err: error },
        `directory index: building from the database (snapshot refused: ${(error as Error).message})`,
      );
    }
  }
  const fromFile = opened !== null;
  if (!opened) {
    stamp = covered = await readBuildStamp(db);
    opened = await DirectoryIndex.build(readIndexRows(db), await countPhysicians(db));
    logger.info(`directory index: ${opened.size.toLocaleString('en-US')} physicians in ${seconds(started)} s`);
  }
  const index = opened;

  // The snapshot file is written after every read of all rows (this build, a reload), stamped
  // with the database snapshot the read began under. Patches need no new file: the next start
  // re-reads what the journal names since that stamp (ADR 038).
  let saving: Promise<void> = Promise.resolve();
  const save = (written: SnapshotStamp) => {
    if (!snapshotFile) return;
    const file = snapshotFile;
    saving = saving.then(async () => {
      const since = performance.now();
      try {
        const problem = await snapshotProblem(file);
        if (problem) {
          logger.warn({ file }, `directory index: the snapshot is not written (${problem}); the next start reads every row`);
          return;
        }
        const { bytes, removed } = await index.save(file, format, written, key!);
        if (removed)
          logger.warn({ file }, 'directory index: something was at the snapshot\'s temporary name: removed, not written through');
        logger.info(`directory index: snapshot written (${(bytes / 1e6).toFixed(0)} MB in ${seconds(since)} s)`);
      } catch (error) {
        logger.warn({ err: error }, 'directory index: the snapshot could not be written (the next start reads every row)');
      }
    });
  };
  if (!fromFile) save(stamp!);

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

  /**
   * The request with its misspelt words corrected ('cardiolgy' -> 'cardiology'), or null when
   * there is nothing to correct or the caller asked for the spelling as typed. Whether the query as
   * typed finds anything is the caller's to check.
   */
  const correctedRequest = (request: SearchPhysiciansRequest): SearchPhysiciansRequest | null => {
    if (!request.query || request.spelling === 'exact') return null;
    const corrected = correctQuery(
      request.query,
      () => index.wordList(),
      searchTerm,
      (token) => resolveSpecialtyTerm(token) !== null || resolveUnheldTerm(token) !== null,
    );
    return corrected ? { ...request, query: corrected } : null;
  };

  /**
   * The filters the index answers from id sets, read once per call: 'Not yet revealed by my team'
   * (the team's reveals of the last 30 days, docs/decisions/061-teams.md; members of a team only),
   * 'Not in my ATS' (what the connected Bullhorn holds, ADR 064), and 'Looking now' / 'Open to
   * offers' (what physicians said in the preference centre, ADR 066; callers who may email them
   * only, as the cards' badges). A filter the caller may not use is ignored.
   */
  const idFilters = async (request: SearchPhysiciansRequest, viewer: Viewer): Promise<IdFilters> => {
    const parts: Int32Array[] = [];
    if (request.notRevealedByTeam && viewer?.teamId && viewer.id) parts.push(await teamRevealedIds({ db, userId: viewer.id }));
    if (request.notInAts && viewer?.id) parts.push(await allInAtsOf(db, { id: viewer.id, teamId: viewer.teamId ?? null }));
    const excludedIds = !parts.length
      ? null
      : new IdSet(parts.length === 1 ? parts[0] : Int32Array.from(new Set(parts.flatMap((part) => [...part]))));
    const includedIds =
      request.looking && viewer?.capabilities.includes('outreach:send') ? new IdSet(await lookingIds(db, request.looking)) : null;
    return excludedIds || includedIds ? { excludedIds, includedIds } : NO_ID_FILTERS;
  };

  /**
   * The request as the search answers it: corrected when the query as typed finds nothing and the
   * corrected one finds something (the search's rule), so that facets and Select All count and
   * pick the physicians the page shows (with the same id-set filters as the search).
   */
  const asSearched = async (
    request: SearchPhysiciansRequest,
    filters: IdFilters,
    meter?: WorkMeter,
  ): Promise<SearchPhysiciansRequest> => {
    if (!request.query || request.spelling === 'exact') return request;
    // The query as typed first: its clauses are the ones the facets then reuse (clause cache), and
    // the word list a correction reads is only made for a query that finds nothing.
    const typed = withIdFilters(toCriteria(request, currentYear()), filters);
    if ((await sliced((ws) => index.countSteps(typed, ws), meter)) > 0) return request;
    const corrected = correctedRequest(request);
    if (!corrected) return request;
    const fixed = withIdFilters(toCriteria(corrected, currentYear()), filters);
    return (await sliced((ws) => index.countSteps(fixed, ws), meter)) > 0 ? corrected : request;
  };

  // Patches waiting their turn gather the ids of later calls: under a burst of small writes (the
  // re-verification job, a team's reports) the index reads and applies them as one change.
  let waiting: { ids: Set<number>; done: Promise<void> } | null = null;
  /**
   * Every write to physicians calls this after its transaction commits (resume approval,
   * removal, import): with the ids it touched (inserted, updated or deleted), or without to
   * reload everything. Resolves once searches see the change. Counts and facets follow too.
   */
  const directoryChanged = (change: { ids?: readonly number[] } = {}): Promise<void> => {
    if (change.ids && waiting) {
      for (const id of change.ids) waiting.ids.add(id);
      return waiting.done;
    }
    const batch = change.ids ? { ids: new Set(change.ids), done: Promise.resolve() } : null;
    const done = queue(async () => {
      if (batch && waiting === batch) waiting = null;
      const ids = batch ? [...batch.ids] : null;
      if (ids && ids.length <= PATCH_LIMIT && index.deadRows + ids.length <= DEAD_ROWS_LIMIT) {
        index.patch(ids, await readIndexRowsByIds(db, ids));
        updatedAt = Date.now();
        return;
      }
      const reloadStarted = performance.now();
      const reloadStamp = await readBuildStamp(db);
      await index.rebuild(readIndexRows(db, RELOAD_BATCH), await countPhysicians(db));
      updatedAt = Date.now();
      logger.info(
        `directory index reloaded: ${index.size.toLocaleString('en-US')} physicians in ${((performance.now() - reloadStarted) / 1000).toFixed(1)} s`,
      );
      stamp = covered = reloadStamp;
      save(reloadStamp);
    });
    if (batch) {
      batch.done = done;
      waiting = batch;
    }
    return done;
  };

  return {
    /** The index itself (the benchmark tunes its result cache). */
    index,

    /** Where this process's index came from at start: its snapshot file, or the database's rows. */
    startedFrom: fromFile ? ('snapshot' as const) : ('database' as const),

    /** Physicians re-read at start because the journal named them after the snapshot file's stamp. */
    replayedAtStart: replayed,

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
      const filters = await idFilters(request, viewer);
      let criteria = withIdFilters(toCriteria(request, currentYear()), filters);
      let sort = resolveSort(request, criteria);
      let { total, ids } = await sliced(
        (ws) => index.searchSteps(criteria, { ...sort, offset: (page - 1) * PAGE_SIZE, limit }, ws),
        meter,
      );
      // Nothing found: a misspelt word may be why ('cardiolgy'). The corrected query is searched
      // and the answer says so, unless the caller asked for the spelling as typed.
      let correctedQuery: string | null = null;
      if (total === 0) {
        const corrected = correctedRequest(request);
        if (corrected) {
          const correctedCriteria = withIdFilters(toCriteria(corrected, currentYear()), filters);
          const correctedSort = resolveSort(corrected, correctedCriteria);
          const found = await sliced(
            (ws) =>
              index.searchSteps(correctedCriteria, { ...correctedSort, offset: (page - 1) * PAGE_SIZE, limit }, ws),
            meter,
          );
          if (found.total > 0) {
            ({ total, ids } = found);
            criteria = correctedCriteria;
            sort = correctedSort;
            correctedQuery = corrected.query ?? null;
          }
        }
      }
      const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
      if (page > last) {
        // Past the end: the last page (its rows are in the result cache's prefix or cheap to walk).
        page = last;
        ({ total, ids } = await sliced(
          (ws) => index.searchSteps(criteria, { ...sort, offset: (page - 1) * PAGE_SIZE, limit }, ws),
          meter,
        ));
      }
      const results = await findSummariesByIds(db, ids);
      // One more query for members of a team (their teammates' reveals), one for callers who may use
      // an ATS (its flags, ADR 064); one after the other, so a search holds one pool connection.
      const pageTeamReveals = viewer?.teamId && viewer.id ? await teamReveals({ db, userId: viewer.id, physicianIds: ids }) : [];
      const inAts = viewer?.id && viewer.capabilities.includes('integrations:use') ? await inAtsOf(db, { id: viewer.id, teamId: viewer.teamId ?? null }, ids) : [];
      // And for callers who may email physicians, who said they are looking (ADR 066).
      const looking = viewer?.capabilities.includes('outreach:send') ? await lookingStatusesOf(db, ids) : [];
      return {
        results,
        total,
        page,
        pageSize: PAGE_SIZE,
        pageCount: Math.ceil(total / PAGE_SIZE),
        visibleLimit: full ? null : FREE_RESULT_CAP,
        correctedQuery,
        highlight: highlightOf(criteria),
        unheldWords: unheldWordsOf(correctedQuery ? { ...request, query: correctedQuery } : request),
        teamReveals: pageTeamReveals,
        inAts,
        looking,
      };
    },

    /**
     * Select All: the ids of up to `limit` (at most 500) matches of the whole search (query,
     * every filter, sort), in its order; the total says how many matched. Callers check
     * 'selection:all'. (The original applied only the text query: docs/rules.md#selection.)
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
    async selectAllIdsInSlices(
      request: SearchPhysiciansRequest,
      meter?: WorkMeter,
      viewer?: Viewer,
    ): Promise<{ ids: number[]; total: number }> {
      const filters = await idFilters(request, viewer ?? null);
      const criteria = withIdFilters(toCriteria(await asSearched(request, filters, meter), currentYear()), filters);
      const options = { ...resolveSort(request, criteria), offset: 0, limit: SELECT_ALL_MAX };
      return sliced((ws) => index.searchSteps(criteria, options, ws), meter);
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
      return sliced((ws) => index.filterIdsSteps(toCriteria({ query }, currentYear()), ids, 'name', 'asc', ws));
    },

    /** Physicians added or changed (ids, with when) that saved searches' alerts look among. */
    changeWindow(ids: ArrayLike<number>, changedAt: ArrayLike<number>): ChangeWindow {
      return index.changeWindow(ids, changedAt);
    },

    /**
     * How many physicians of the window changed after `since` (ms) and match the whole search
     * now (query and every filter), and the first `max` of them by name: an alert's new matches.
     * `looking`: who is looking, read by the alert run for an owner who may email physicians (ADR 066).
     */
    matchesInWindow(
      request: SearchPhysiciansRequest,
      window: ChangeWindow,
      since: number,
      max: number,
      looking: IdSet | null = null,
    ): { total: number; ids: number[] } {
      const filters = looking ? { excludedIds: null, includedIds: looking } : NO_ID_FILTERS;
      return index.matchesInWindow(withIdFilters(toCriteria(request, currentYear()), filters), window, since, max);
    },

    /** Summaries (no contact values) of these physicians in the order given; unknown ids are skipped. */
    getPhysiciansByIds(ids: readonly number[]): Promise<PhysicianSummary[]> {
      const unique = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
      return findSummariesByIds(db, unique);
    },

    /** The profile; for a member of a team, with the teammate's reveal of the last 30 days, if any. */
    async getProfile(id: number, viewer?: { id: string; teamId: string | null } | null): Promise<PhysicianProfile> {
      const profile =
        Number.isInteger(id) && id > 0 && id <= 2_147_483_647
          ? await findProfile(db, id, currentYear())
          : null;
      if (!profile) throw new AppError('not_found', 'Physician Not Found');
      const teamReveal = viewer?.teamId ? ((await teamReveals({ db, userId: viewer.id, physicianIds: [id] }))[0] ?? null) : null;
      const inAts = viewer ? (await inAtsOf(db, viewer, [id])).length > 0 : false;
      return { ...profile, teamReveal, inAts, lookingStatus: await lookingStatusOf(db, id) };
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
    async facetsInSlices(
      request: SearchPhysiciansRequest,
      viewer: Viewer,
      meter?: WorkMeter,
    ): Promise<FacetsResponse> {
      refuseNpiPrefix(request, viewer);
      const filters = await idFilters(request, viewer);
      const criteria = withIdFilters(toCriteria(await asSearched(request, filters, meter), currentYear()), filters);
      return sliced((ws) => index.facetsSteps(criteria, ws), meter);
    },

    /**
     * The 'Affiliated with' type-ahead (ADR 063): the facilities whose names start words with those
     * of `q` (none: the most common), counted over the search without its own 'Affiliated with',
     * with each hospital's place and type from the hospitals table.
     */
    async hospitalOptions(
      request: SearchPhysiciansRequest,
      q: string | undefined,
      viewer: Viewer,
      meter?: WorkMeter,
    ): Promise<HospitalOptionsResponse> {
      refuseNpiPrefix(request, viewer);
      const filters = await idFilters(request, viewer);
      const criteria = withIdFilters(toCriteria(await asSearched(request, filters, meter), currentYear()), filters);
      const words = searchTerm(q ?? '').split(' ').filter(Boolean);
      const found = await sliced((ws) => index.hospitalsSteps(criteria, words, HOSPITAL_OPTIONS, ws), meter);
      const places = await findHospitals(db, found.map((h) => h.ccn));
      return {
        hospitals: found.map((h) => {
          const place = places.get(h.ccn);
          return { ccn: h.ccn, name: h.name, city: place?.city ?? null, state: place?.state ?? null, hospitalType: place?.hospitalType ?? null, count: h.count };
        }),
      };
    },

    /** After a write to physicians commits: patches those ids, or reloads everything (see above). */
    directoryChanged,


    /**
     * The maintenance pass's part (ADR 038): deletes change-journal rows older than JOURNAL_DAYS,
     * and reloads every row (writing the snapshot file) when the journal names more than
     * REFRESH_AFTER physicians since the file's stamp, so that the next start stays a read of the
     * file and a short re-read.
     */
    async maintainChangeJournal(now = new Date()): Promise<{ journalPurged: number; indexReloaded: number }> {
      const journalPurged = await purgeChangeJournal(db, new Date(now.getTime() - JOURNAL_DAYS * DAY_MS));
      if (!snapshotFile || !stamp) return { journalPurged, indexReloaded: 0 };
      const changes = await readChangesSince(db, stamp);
      const stale = !changes || changes.everything || changes.ids.length > REFRESH_AFTER || now.getTime() - stamp.at > (JOURNAL_DAYS - 1) * DAY_MS;
      if (stale) await directoryChanged();
      return { journalPurged, indexReloaded: stale ? 1 : 0 };
    },

    /**
     * Called once this process listens for other processes' changes (ADR 008): what committed
     * between the index's read and the LISTEN was heard by nobody, so the journal's changes since
     * the read's stamp are re-read (all of them: a few already patched cost one more read).
     * Resolves to how many physicians were re-read (-1: everything was reloaded).
     */
    async catchUpAfterListening(): Promise<number> {
      const changes = await readChangesSince(db, covered!);
      if (!changes || changes.everything || changes.ids.length > PATCH_LIMIT) {
        await directoryChanged();
        return -1;
      }
      if (changes.ids.length) await directoryChanged({ ids: changes.ids });
      return changes.ids.length;
    },

    /** Resolves once a snapshot file being written is whole (a stop waits for it). */
    snapshotWritten(): Promise<void> {
      return saving;
    },
  };
}
