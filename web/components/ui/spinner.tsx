import { Loader2 } from 'lucide-react';
import { cn } from '@web/lib/utils';

type SpinnerProps = {
  className?: string;
  /** Announced to screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
};

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ className, label = 'Loading', size = 'md' }: SpinnerProps) {
  return (
    <span
      role="status"
      data-slot="spinner"
      className={cn('inline-flex items-center justify-center', className)}
    >
      <Loader2 className={cn('animate-spin text-primary', sizes[size])} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centered in the page body (route guards, page-level loading). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
