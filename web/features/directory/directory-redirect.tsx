import { Navigate, useLocation } from 'react-router';

/** /directory redirects to /search (docs/rules.md#results), keeping the query string. */
export function DirectoryRedirect() {
  const location = useLocation();
  return <Navigate to={{ pathname: '/search', search: location.search }} replace />;
}
