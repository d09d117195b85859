import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@web/app/app-providers';
import { queryClient } from '@web/app/query-client';
import { createAppRouter, loadMatchedRoutes } from '@web/app/router';
import { loadHeaderMenus } from '@web/app/site-header';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

async function start(root: HTMLElement) {
  // A page the server drew (ADR 026) is hydrated: its code is loaded first, so React's first
  // render is the server's HTML, made live. Any other page is rendered here.
  const serverDrawn = root.firstElementChild !== null;
  if (serverDrawn) {
    // With the header's own lazy part (the signed-in menus, drawn too): its code here before the
    // hydration, the header is live with the rest of the page.
    await Promise.all([loadMatchedRoutes(window.location.pathname), loadHeaderMenus()]);
  }
  const app = (
    <AppProviders client={queryClient}>
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  );
  if (serverDrawn) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start(rootElement);
