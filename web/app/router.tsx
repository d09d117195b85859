import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { AppLoading, RootLayout } from './layout';
import { RouteError } from './route-error';
import { appRoutes } from './routes';

/** The whole route tree: the browser's router and the server's render (ADR 026) share it. */
export const rootRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    // A pathless child holds the error boundary so a failing page keeps the nav and footer.
    children: [{ errorElement: <RouteError />, children: appRoutes }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(rootRoutes);
}

/**
 * Loads the code of the lazy routes `pathname` matches into the route objects, so a router
 * made afterwards renders that page at once: what hydrating a page the server drew needs
 * (its first render must be the server's, not the loading screen).
 */
export async function loadMatchedRoutes(pathname: string): Promise<void> {
  const matches = matchRoutes(rootRoutes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
