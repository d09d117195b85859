import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * Error boundary for every page (the layout stays around it). The common case in production
 * is a page chunk that no longer exists after a deploy: reloading fixes it.
 */
export function RouteError() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong';

  return (
    <section className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-destructive">
        <AlertTriangle className="size-6" aria-hidden />
      </div>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">
        This page could not be displayed. Reloading usually helps; if it keeps happening, please contact us.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>
          <RotateCw aria-hidden />
          Reload page
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Return Home</Link>
        </Button>
      </div>
    </section>
  );
}
