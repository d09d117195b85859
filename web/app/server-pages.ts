/*
 * The pages the server draws (ADR 026), as the web app declares them. server/main.ts imports this
 * module and hands it to createApp (server/lib/web-shell.ts knows nothing of the web app): the
 * server preloads each page's styles from the build's manifest and draws the page with
 * server-render.tsx, which `loadRenderer` loads. This module itself is light, and no browser code
 * imports it.
 */

/**
 * Each drawn page (its path, without a trailing slash) and the lazy modules main.tsx loads before
 * hydrating it (its route's, and the header's menus), as Vite's manifest names them (relative to web/).
 */
export const SERVER_DRAWN_PAGES: Record<string, string[]> = {
  // Where recruiters land from bookmarks and alert emails, and the page with the cold-load target.
  '/search': ['features/directory/search-page.tsx', 'app/site-header-menus.tsx'],
};

/** Loads the renderer (the app's components through tsx: about half a second, so the server asks at start). */
export function loadRenderer(): Promise<typeof import('./server-render')> {
  return import('./server-render');
}
