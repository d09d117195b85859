import { memo } from 'react';
import { Link } from 'react-router';
import { BrandLink } from './brand';
import { footerNavGroups } from './nav-items';
import { useVerificationSentence } from '@web/features/verification/summary';

/** 'Contact details verified monthly.' only while it is true (ADR 032). */
function VerificationSentence() {
  return <p>{useVerificationSentence()}</p>;
}

/** Memoised: a page that rewrites its query string (the search) does not re-render it. */
export const SiteFooter = memo(function SiteFooter() {
  return (
    <footer className="border-t bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_3fr]">
          <div className="max-w-xs">
            <BrandLink />
            <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
              Verified contact details for US physicians, built for healthcare recruiters.
            </p>
          </div>
          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {footerNavGroups.map((group) => (
              <div key={group.heading}>
                <h2 className="text-xs font-semibold tracking-wide text-foreground uppercase">
                  {group.heading}
                </h2>
                <ul className="mt-4 flex flex-col gap-3">
                  {group.items.map((item) => (
                    <li key={item.to}>
                      <Link
                        to={item.to}
                        className="rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="mt-12 flex flex-col gap-2 border-t pt-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>© {new Date().getFullYear()} PhysicianDirect. All rights reserved.</p>
          <VerificationSentence />
        </div>
      </div>
    </footer>
  );
});
