import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@web/components/ui/spinner';
import { useMe } from './session';
import { AdminDenied } from './admin-denied';

type RequireAuthProps = {
  /** Admin-only: a signed-in non-admin gets what the route's handle.adminDenied says (else /account). */
  admin?: boolean;
  /** Omit to use it as a layout route (renders the matched child route). */
  children?: ReactNode;
};

/**
 * Route guard (docs/rules.md#layout): a spinner while the session loads; anonymous visitors go to
 * /login?return_to=<path+search>, remembering where they came from. The server enforces the
 * same rules on every call; this only spares the user a page they cannot use.
 */
export function RequireAuth({ admin = false, children }: RequireAuthProps) {
  const me = useMe();
  const location = useLocation();

  if (me.isLoading) return <PageSpinner label="Checking your session" />;

  if (!me.user) {
    const returnTo = `${location.pathname}${location.search}`;
    return (
      <Navigate to={`/login?return_to=${encodeURIComponent(returnTo)}`} state={{ from: location }} replace />
    );
  }

  if (admin && !me.isAdmin) return <AdminDenied />;

  return children ?? <Outlet />;
}
