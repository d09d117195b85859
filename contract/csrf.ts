/** Header every state-changing call must carry (CSRF defence: a cross-site form cannot set it). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'fetch';
