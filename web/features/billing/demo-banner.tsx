import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';

/** The label every demo provider page carries: nothing here is a real payment. */
export function DemoBanner({ children }: { children: ReactNode }) {
  return (
    <div role="note" aria-label="Demo" className="border-b border-warning/30 bg-warning-soft">
      <div className="mx-auto flex max-w-5xl items-start gap-3 px-4 py-3 text-sm text-foreground sm:px-6">
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <p>
          <span className="font-semibold">Demo billing.</span> {children}
        </p>
      </div>
    </div>
  );
}
