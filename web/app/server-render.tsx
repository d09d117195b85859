import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { withBootAnswers } from '@web/lib/boot-data';
import { AppProviders } from './app-providers';
import { createQueryClient } from './query-client';
import { rootRoutes } from './router';
import { loadHeaderMenus } from './site-header';

// The header's menus are a React.lazy part in the browser; once their code is loaded they are
// drawn directly (site-header.tsx), so the render never suspends on them.
await loadHeaderMenus();

/*
 * The server's render of a page (ADR 026): the same route tree, providers and components as
 * the browser, drawn once to HTML with the page's first answers (the boot answers the server
 * made for this caller), for the browser to paint before any script ran and then hydrate.
 * Runs in the server process: server/main.ts loads it through tsx (server-pages.ts) and hands it to the app.
 */

const handler = createStaticHandler(rootRoutes);

/**
 * The HTML inside #root for `url`, or null when the router would not simply render it (a
 * redirect) or a part suspended (lazy code not loaded here: it would come out as its fallback,
 * which the browser would have to draw again). Throws what the render throws: the caller sends
 * the page without it.
 */
export async function renderPage(url: string, answers: Record<string, unknown>): Promise<string | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient();
  try {
    // Synchronous, so the answers given to withBootAnswers are this request's alone.
    const html = withBootAnswers(answers, () =>
      renderToString(
        <AppProviders client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      ),
    );
    return html.includes(CLIENT_RENDERED_BOUNDARY) ? null : html;
  } finally {
    client.clear();
  }
}

/** React's mark of a Suspense boundary it could not draw on the server. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';
