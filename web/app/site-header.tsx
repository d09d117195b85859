import { lazy, Suspense, useState, memo, type ComponentProps } from 'react';
import { NavLink } from 'react-router';
import { Menu } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/utils';
import { BrandLink } from './brand';
import { LoginLink, StartTrialSignupLink } from './login-link';
import { primaryNavItems, type NavItem } from './nav-items';
import { useMe } from './session';

// The menus' Radix code loads when a signed-in header or the phone's drawer first needs it. Once
// loaded, the header draws them directly: a page the server drew (ADR 026) loads it before it
// hydrates, so its header is live with the rest of the page instead of after React retries a
// lazy part (a click on it in between would be lost).
let menus: typeof import('./site-header-menus') | null = null;

/** Loads the signed-in menus' code (once). */
export function loadHeaderMenus() {
  return import('./site-header-menus').then((loaded) => (menus = loaded));
}

const LazySignedInActions = lazy(() => loadHeaderMenus().then((m) => ({ default: m.SignedInActions })));
const LazyMobileMenuSheet = lazy(() => loadHeaderMenus().then((m) => ({ default: m.MobileMenuSheet })));

function SignedInActions(props: ComponentProps<typeof LazySignedInActions>) {
  const Actions = menus?.SignedInActions ?? LazySignedInActions;
  return <Actions {...props} />;
}

function MobileMenuSheet(props: ComponentProps<typeof LazyMobileMenuSheet>) {
  const Sheet = menus?.MobileMenuSheet ?? LazyMobileMenuSheet;
  return <Sheet {...props} />;
}

/** Memoised: a page that rewrites its query string (the search) does not re-render it. */
export const SiteHeader = memo(function SiteHeader() {
  const me = useMe();
  const items = primaryNavItems({ signedIn: me.isSignedIn, admin: me.isAdmin });

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8">
        <BrandLink />

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <DesktopNavLink item={item} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto hidden items-center gap-2 lg:flex">
          {me.isLoading ? (
            <Skeleton className="h-9 w-48" />
          ) : me.user ? (
            <Suspense fallback={<Skeleton className="h-9 w-48" />}>
              <SignedInActions user={me.user} />
            </Suspense>
          ) : (
            <>
              <Button asChild variant="ghost">
                <LoginLink>Log in</LoginLink>
              </Button>
              <Button asChild>
                <StartTrialSignupLink>Start Free Trial</StartTrialSignupLink>
              </Button>
            </>
          )}
        </div>

        <div className="ml-auto lg:hidden">
          <MobileMenu />
        </div>
      </div>
    </header>
  );
});

function DesktopNavLink({ item }: { item: NavItem }) {
  return (
    <NavLink
      to={item.to}
      className={({ isActive }) =>
        cn(
          'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
          isActive
            ? 'bg-primary-soft text-primary'
            : 'text-slate-600 hover:bg-secondary hover:text-foreground',
        )
      }
    >
      {item.label}
    </NavLink>
  );
}

/**
 * Below the lg breakpoint: a hamburger opening a drawer. The drawer's code loads on the first
 * press; Radix then returns focus to this button when it closes.
 */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
