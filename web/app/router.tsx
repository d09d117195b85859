import { createBrowserRouter } from 'react-router';
import { AppLoading, RootLayout } from './layout';
import { RouteError } from './route-error';
import { appRoutes } from './routes';

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    HydrateFallback: AppLoading,
    // A pathless child holds the error boundary so a failing page keeps the nav and footer.
    children: [{ errorElement: <RouteError />, children: appRoutes }],
  },
]);
