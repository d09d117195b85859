import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/** Goes to a hosted page: '/...' in the app (demo provider), anything else as a full page. */
export function useGoToHostedPage() {
  const navigate = useNavigate();
  // Set while the browser is leaving for the hosted page, so the button keeps saying so.
  const [leaving, setLeaving] = useState(false);

  // Coming back with the Back button can restore this page from the back/forward cache.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  function go(url: string) {
    if (url.startsWith('/')) {
      void navigate(url);
    } else {
      setLeaving(true);
      window.location.assign(url);
    }
  }
  return { go, leaving };
}
