import { useEffect, type ReactNode } from 'react';
import { Navigate, useMatches, useNavigate } from 'react-router';
import { ShieldAlert } from 'lucide-react';

/**
 * What a signed-in non-admin sees on an admin screen (docs/rules.md#admin), chosen by the
 * route's `handle.adminDenied`:
 * - 'message-then-home': 'Access Denied. Redirecting...', then / (the dashboard);
 * - 'home': straight to / (/users);
 * - 'message': 'Access Denied' and 'You do not have permission to view this page.' (resume approval);
 * - none: /account (the route guard, docs/rules.md#layout).
 * The server refuses every admin call anyway; this only spares the user a screen they cannot use.
 */
export type AdminDeniedMode = 'message-then-home' | 'home' | 'message';

const REDIRECT_AFTER_MS = 1500;

export function AdminDenied() {
  const matches = useMatches();
  const mode = matches
    .map((match) => (match.handle as { adminDenied?: AdminDeniedMode } | undefined)?.adminDenied)
    .findLast(Boolean);

  if (mode === 'home') return <Navigate to="/" replace />;
  if (mode === 'message-then-home') return <RedirectingHome />;
  if (mode === 'message') {
    return (
      <DeniedPanel>
        <p className="mt-2 text-muted-foreground">You do not have permission to view this page.</p>
      </DeniedPanel>
    );
  }
  return <Navigate to="/account" replace />;
}

function RedirectingHome() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/', { replace: true }), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return <DeniedPanel title="Access Denied. Redirecting..." />;
}

function DeniedPanel({ title = 'Access Denied', children }: { title?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-24">
      <div role="alert" className="max-w-md text-center">
        <ShieldAlert className="mx-auto size-10 text-destructive" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
        {children}
      </div>
    </div>
  );
}
