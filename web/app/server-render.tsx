import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { withBootAnswers } from '@web/lib/boot-data';
import { AppProviders } from './app-providers';
import { createQueryClient } from './query-client';
import { rootRoutes } from './router';
import { loadHeaderMenus } from './site-header';
// The app's React.lazy parts, loaded with this module: a render that meets one for the first time
// suspends there (renderToString draws its fallback, and the browser would have to draw it);
// with the code already here, the next render has it (renderPage draws again). The header's
// menus are drawn directly once loaded (site-header.tsx).
import './side-panel-sheets';

await loadHeaderMenus();

/*
 * The server's render of a page (ADR 026): the same route tree, providers and components as
 * the browser, drawn once to HTML with the page's first answers (the boot answers the server
 * made for this caller), for the browser to paint before any script ran and then hydrate.
 * Runs in the server process (server/lib/web-shell.ts imports it through tsx).
 */

const handler = createStaticHandler(rootRoutes);

/**
 * The HTML inside #root for `url`, or null when the router would not simply render it (a
 * redirect). Throws what the render throws: the caller sends the page without it.
 */
export async function renderPage(url: string, answers: Record<string, unknown>): Promise<string | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // Synchronous, so the answers given to withBootAnswers are this request's alone.
  const draw = () => {
    const client = createQueryClient();
    try {
      return withBootAnswers(answers, () =>
        renderToString(
          <AppProviders client={client}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>,
        ),
      );
    } finally {
      client.clear();
    }
  };
  let html = draw();
  for (let attempt = 0; attempt < 3 && html.includes(CLIENT_RENDERED_BOUNDARY); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 0)); // the lazy part's import settles
    html = draw();
  }
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? null : html;
}

/** React's mark of a Suspense boundary it could not draw on the server. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';
