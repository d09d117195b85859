import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';

/** A full-width band with the page's standard horizontal padding and max width. */
export function Section({
  children,
  className,
  innerClassName,
  id,
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  innerClassName?: string;
  id?: string;
  labelledBy?: string;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={cn('py-16 sm:py-24', className)}>
      <div className={cn('mx-auto max-w-7xl px-4 sm:px-6 lg:px-8', innerClassName)}>{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = 'center',
  className,
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  align?: 'center' | 'left';
  className?: string;
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-teal uppercase">{eyebrow}</p>}
      <h2
        id={id}
        className="mt-2 text-3xl font-semibold tracking-tight text-balance text-foreground sm:text-4xl"
      >
        {title}
      </h2>
      {description && (
        <p className="mt-4 text-lg leading-relaxed text-pretty text-muted-foreground">{description}</p>
      )}
    </div>
  );
}

/** Hero band for secondary pages (about, pricing, legal). */
export function PageHero({
  eyebrow,
  title,
  description,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden border-b bg-gradient-to-b from-primary-soft/70 to-background">
      <HeroPattern />
      <div className="relative mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-brand-teal uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-3 text-4xl font-semibold tracking-tight text-balance text-foreground sm:text-5xl">
          {title}
        </h1>
        {description && (
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

/** A faint grid behind heroes. */
export function HeroPattern() {
  return (
    <div
      aria-hidden
      className="pointer-events-none absolute inset-0 [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_75%)]"
      style={{
        backgroundImage:
          'linear-gradient(to right, rgb(11 74 120 / 0.06) 1px, transparent 1px), linear-gradient(to bottom, rgb(11 74 120 / 0.06) 1px, transparent 1px)',
        backgroundSize: '44px 44px',
      }}
    />
  );
}
