import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, Home } from 'lucide-react';
import { Button } from '@web/components/ui/button';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    // A warning, not an error: a mistyped URL is the visitor's, not the app's, fault.
    console.warn('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  // React Router numbers history entries; idx 0 means the visitor landed here directly and
  // "back" would leave the site, so go home instead.
  const goBack = () => {
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (historyIndex > 0 ? navigate(-1) : navigate('/'));
  };

  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center sm:py-32">
      <p className="bg-gradient-to-br from-primary to-brand-teal bg-clip-text text-7xl font-bold tracking-tight text-transparent sm:text-8xl">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">Page Not Found</h1>
      <p className="mt-4 text-base leading-relaxed text-muted-foreground">
        We couldn't find the page you're looking for. It might have been removed, renamed, or didn't exist in
        the first place.
      </p>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" size="lg" onClick={goBack}>
          <ArrowLeft aria-hidden />
          Go Back
        </Button>
        <Button asChild size="lg">
          <Link to="/">
            <Home aria-hidden />
            Return Home
          </Link>
        </Button>
      </div>
    </section>
  );
}
