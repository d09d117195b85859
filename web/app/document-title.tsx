import { useEffect } from 'react';
import { useMatches } from 'react-router';

/*
 * The browser tab's title: the page's name, then the product's ('Pricing · PhysicianDirect'),
 * so a recruiter with ten tabs open can tell them apart. Each route names its page in
 * `handle.title` (routes.tsx); a page whose name is its data (a physician, a list) says
 * `handle.titleFromPage` and sets it itself with useDocumentTitle.
 */

const PRODUCT = 'PhysicianDirect';
/** The home page's title, as index.html has it. */
const HOME_TITLE = 'PhysicianDirect: verified physician contacts for healthcare recruiters';

type TitleHandle = { title?: string | null; titleFromPage?: boolean };

export function documentTitle(page: string | null | undefined): string {
  return page ? `${page} · ${PRODUCT}` : HOME_TITLE;
}

/** Sets the title from the deepest route that names one (in the root layout). */
export function DocumentTitle() {
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .map((match) => match.handle as TitleHandle | undefined)
    .find((h) => h && ('title' in h || h.titleFromPage));
  const fromPage = handle?.titleFromPage === true;
  const title = handle?.title ?? null;
  useEffect(() => {
    if (!fromPage) document.title = documentTitle(title);
  }, [fromPage, title]);
  return null;
}

/** For a page whose route says `titleFromPage`: its title once its data is in. */
export function useDocumentTitle(page: string | null | undefined): void {
  useEffect(() => {
    if (page) document.title = documentTitle(page);
  }, [page]);
}
