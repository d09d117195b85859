import { Navigate, useLocation } from 'react-router';

/**
 * /directory redirects to /search (docs/rules.md#results), keeping the query string and the
 * navigation state (the specialties overview sends its specialty that way).
 */
export function DirectoryRedirect() {
  const location = useLocation();
  return <Navigate to={{ pathname: '/search', search: location.search }} state={location.state} replace />;
}
