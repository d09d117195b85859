/** Business constants shared by server and web (docs/rules.md states the rules they serve). */
export const PAGE_SIZE = 25;
export const FREE_RESULT_CAP = 20;
/** Saved searches a free user may keep; paid tiers and admins keep SAVED_SEARCHES_MAX. */
export const FREE_SAVED_SEARCHES_MAX = 20;
/** Saved searches a paying user may keep (a guard against scripts, far above any recruiter's use). */
export const SAVED_SEARCHES_MAX = 500;
/** Physicians a free user's alert digest lists (their searches show no more either); paid: ALERT_DIGEST_MAX. */
export const FREE_ALERT_DIGEST_MAX = FREE_RESULT_CAP;
export const SELECT_ALL_MAX = 500;
export const EXPORT_MAX = 500;
export const PAGINATION_WINDOW = 5;
export const MIN_PASSWORD_LENGTH = 6;
export const SUBSCRIPTION_RECHECK_MS = 300_000;
export const RECENT_EXPORTS_SHOWN = 5;
export const SKILLS_SHOWN = 5;
export const RESUME_APPROVAL_PAGE_SIZE = 25;
/** Physicians one list can hold. */
export const LIST_CAPACITY = 10_000;
/** Members per page of list detail. */
export const LIST_PAGE_SIZE = 25;
