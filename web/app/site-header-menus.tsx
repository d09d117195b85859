import { Link, NavLink } from 'react-router';
import { Bookmark, ChevronDown, FolderHeart, LogIn, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Separator } from '@web/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet';
import { SimpleTooltip } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/utils';
import type { SessionUser } from '@contract/account';
import { BrandLink } from './brand';
import { LoginLink, StartTrialSignupLink } from './login-link';
import { adminMobileNavItems, primaryNavItems, type NavItem } from './nav-items';
import { useMe, useSignOut } from './session';
import { useSidePanels } from './side-panels-context';

/*
 * The header's menus (the account menu with its tooltips, the phone's drawer): their Radix
 * menus, dialogs and positioning code load when first needed, not in the app's first script
 * (site-header.tsx loads this module lazily; ADR 021).
 */

export function SignedInActions({ user }: { user: SessionUser }) {
  const { open } = useSidePanels();
  return (
    <>
      <SimpleTooltip label="Saved Searches">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Saved Searches"
          onClick={() => open('saved-searches')}
        >
          <Bookmark className="size-[18px]" aria-hidden />
        </Button>
      </SimpleTooltip>
      <SimpleTooltip label="Saved Lists">
        <Button variant="ghost" size="icon" aria-label="Saved Lists" onClick={() => open('saved-lists')}>
          <FolderHeart className="size-[18px]" aria-hidden />
        </Button>
      </SimpleTooltip>
      <Separator orientation="vertical" className="mx-1 h-6" />
      <AccountMenu user={user} />
    </>
  );
}

function initialOf(email: string): string {
  return (email.trim()[0] ?? '?').toUpperCase();
}

function AccountMenu({ user }: { user: SessionUser }) {
  const { signOut, isPending } = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 pr-2 pl-1.5" aria-label="Account menu">
          <span
            aria-hidden
            className="flex size-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
          >
            {initialOf(user.email)}
          </span>
          <span className="text-sm font-medium">Account</span>
          <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
          <span className="text-xs text-muted-foreground">Hello,</span>
          <span className="truncate font-medium text-foreground" title={user.email}>
            {user.email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <Settings aria-hidden />
            Account Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isPending} onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Below the lg breakpoint: the drawer the header's hamburger opens (Radix Dialog: focus trap, Escape). */
export function MobileMenuSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const me = useMe();
  const { open: openPanel } = useSidePanels();
  const { signOut, isPending } = useSignOut();
  const close = () => onOpenChange(false);
  const items = primaryNavItems({ signedIn: me.isSignedIn, admin: me.isAdmin, mobile: true });

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-[85vw] max-w-sm gap-0 overflow-y-auto">
        <div className="flex h-16 shrink-0 items-center border-b px-5">
          <BrandLink onClick={close} />
        </div>
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>

        <nav aria-label="Mobile" className="flex flex-col gap-1 p-3">
          {items.map((item) => (
            <MobileNavLink key={item.to} item={item} onNavigate={close} />
          ))}
        </nav>

        {me.isAdmin && (
          <>
            <Separator />
            <div className="flex flex-col gap-1 p-3">
              <p className="flex items-center gap-2 px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                <ShieldCheck className="size-3.5" aria-hidden />
                Admin
              </p>
              {adminMobileNavItems.map((item) => (
                <MobileNavLink key={item.to} item={item} onNavigate={close} />
              ))}
            </div>
          </>
        )}

        <Separator />
        <div className="flex flex-col gap-2 p-4">
          {me.user ? (
            <>
              <p className="truncate px-1 pb-1 text-sm text-muted-foreground">
                Hello, <span className="font-medium text-foreground">{me.user.email}</span>
              </p>
              <Button
                variant="outline"
                className="justify-start"
                onClick={() => {
                  close();
                  openPanel('saved-searches');
                }}
              >
                <Bookmark aria-hidden />
                Saved Searches
              </Button>
              <Button
                variant="outline"
                className="justify-start"
                onClick={() => {
                  close();
                  openPanel('saved-lists');
                }}
              >
                <FolderHeart aria-hidden />
                Saved Lists
              </Button>
              <Button asChild variant="outline" className="justify-start">
                <Link to="/account" onClick={close}>
                  <Settings aria-hidden />
                  Account Settings
                </Link>
              </Button>
              <Button
                variant="ghost"
                className="justify-start"
                disabled={isPending}
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                <LogOut aria-hidden />
                Sign Out
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="outline">
                <LoginLink onClick={close}>
                  <LogIn aria-hidden />
                  Log in
                </LoginLink>
              </Button>
              <Button asChild>
                <StartTrialSignupLink onClick={close}>Start Free Trial</StartTrialSignupLink>
              </Button>
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function MobileNavLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'rounded-md px-3 py-2.5 text-[15px] font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
          isActive ? 'bg-primary-soft text-primary' : 'text-foreground hover:bg-secondary',
        )
      }
    >
      {item.label}
    </NavLink>
  );
}
