import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Spinner } from '@web/components/ui/spinner';
import { AdminStrip } from './admin-strip';
import { DocumentTitle } from './document-title';
import { useMe, useSessionEndedRedirect } from './session';
import { SidePanelsProvider } from './side-panels';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Top bar, admin strip (admins only), the page, footer. */
export function RootLayout() {
  const me = useMe();
  useSessionEndedRedirect();
  return (
    <SidePanelsProvider>
      <ScrollToTop />
      <DocumentTitle />
      <NavigationProgress />
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh flex-col">
        {me.demoBilling && <DemoBillingBanner />}
        <SiteHeader />
        {me.isAdmin && <AdminStrip />}
        <main id="main-content" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </SidePanelsProvider>
  );
}

/** A staging or sales server (BILLING_DEMO=1): no payment is real, and nobody should think so. */
function DemoBillingBanner() {
  return (
    <div role="status" className="bg-warning-soft px-4 py-2 text-center text-sm font-medium text-foreground">
      Demo billing: no card is charged and plans are free on this server.
    </div>
  );
}

/**
 * Every route change scrolls to the top. Keyed on the path only: pages that keep their
 * filters in the query string update it in place and must not jump. A #hash link is left
 * to the browser.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}

/** A thin bar while a lazily loaded page's code is on its way. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-primary-soft"
      role="progressbar"
      aria-label="Loading page"
    >
      <div className="h-full w-2/5 animate-progress bg-primary" />
    </div>
  );
}

/** Shown while the first page's code loads. */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4">
      <Spinner size="lg" label="Loading your experience..." />
      <p className="text-sm text-muted-foreground">Loading your experience...</p>
    </div>
  );
}
