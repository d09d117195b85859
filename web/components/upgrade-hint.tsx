import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';

/** A settings card's place for a feature the caller's plan lacks: what it comes with, and the plans. */
export function UpgradeHint({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">{children}</p>
      <Button asChild variant="outline" className="w-full sm:w-auto">
        <Link to="/pricing">View plans</Link>
      </Button>
    </div>
  );
}
