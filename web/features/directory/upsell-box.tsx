import { Link } from 'react-router';
import { LockKeyhole, Sparkles } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { formatNumber } from '@web/lib/utils';

/** For free and anonymous visitors with more than 20 results (docs/rules.md#results). */
export function UpsellBox({ total, visible }: { total: number; visible: number }) {
  return (
    <section
      aria-labelledby="upsell-heading"
      className="relative overflow-hidden rounded-xl border border-primary/20 bg-gradient-to-br from-primary-soft via-white to-brand-teal-soft p-5 sm:p-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-4">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm sm:flex">
            <LockKeyhole className="size-5" aria-hidden />
          </span>
          <div>
            <h2 id="upsell-heading" className="text-lg font-semibold tracking-tight text-foreground">
              Unlock all {formatNumber(total)} results!
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              You're currently viewing {formatNumber(visible)} of {formatNumber(total)} available profiles.
            </p>
            <p className="mt-1 text-sm text-muted-foreground">Admins also have full access.</p>
          </div>
        </div>
        <Button asChild size="lg" className="shrink-0">
          <Link to="/pricing">
            <Sparkles aria-hidden />
            View Pricing Plans
          </Link>
        </Button>
      </div>
    </section>
  );
}
