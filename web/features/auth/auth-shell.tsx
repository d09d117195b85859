import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';

type AuthShellProps = {
  title: ReactNode;
  description?: ReactNode;
  /** An icon or illustration above the title (status pages). */
  icon?: ReactNode;
  children?: ReactNode;
  /** Under the card: "Already have an account? Log in" and the like. */
  footer?: ReactNode;
  className?: string;
};

/** The centred card every sign-in, sign-up and email-link page sits in. */
export function AuthShell({ title, description, icon, children, footer, className }: AuthShellProps) {
  return (
    <div className="relative flex flex-1 items-start justify-center bg-gradient-to-b from-primary-soft/60 via-surface to-background px-4 py-10 sm:items-center sm:py-16">
      <div className={cn('w-full max-w-md', className)}>
        <div className="rounded-xl border bg-card px-5 py-7 shadow-sm sm:px-8 sm:py-9">
          <div className={cn('flex flex-col gap-2', icon && 'items-center text-center')}>
            {icon}
            <h1 className="text-2xl font-semibold tracking-tight text-foreground">{title}</h1>
            {description && (
              <div className="text-[15px] leading-relaxed text-muted-foreground">{description}</div>
            )}
          </div>
          {children && <div className="mt-7">{children}</div>}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
      </div>
    </div>
  );
}

/** Round tinted badge holding a status icon (check-email, verified, link expired...). */
export function StatusIcon({
  children,
  tone = 'primary',
}: {
  children: ReactNode;
  tone?: 'primary' | 'success' | 'destructive';
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'mb-2 flex size-14 items-center justify-center rounded-full [&_svg]:size-7',
        tone === 'primary' && 'bg-primary-soft text-primary',
        tone === 'success' && 'bg-success-soft text-success',
        tone === 'destructive' && 'bg-red-50 text-destructive',
      )}
    >
      {children}
    </span>
  );
}

/** A text link styled for the auth pages. */
export const authLinkClassName =
  'font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
