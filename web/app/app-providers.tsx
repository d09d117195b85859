import { StrictMode, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toast';

/**
 * What surrounds the router, in the browser and in the server's render alike (ADR 026): both
 * must build the same tree for a server-drawn page to hydrate (React's ids follow its shape).
 */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        {children}
        <Toaster />
        <LiveMark />
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * Marks the document once React runs it (`<html data-live>`): a page the server drew is on screen
 * before it is live, and tests and the browser bench wait for this mark before they interact.
 */
function LiveMark() {
  useEffect(() => {
    document.documentElement.dataset.live = '';
    // Clicks on the drawing before now (index.html keeps them): done now, in order.
    (window as Window & { __doEarlyClicks?: () => void }).__doEarlyClicks?.();
  }, []);
  return null;
}
