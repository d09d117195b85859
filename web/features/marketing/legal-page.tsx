import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HeroPattern } from './marketing-ui';

export const LEGAL_LAST_UPDATED = 'May 13, 2025';

export type LegalSection = { id: string; title: string; body: ReactNode };

/** The shared frame of the terms, privacy, compliance and guarantee pages. */
export function LegalPage({
  title,
  intro,
  sections,
  footer,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  footer?: ReactNode;
}) {
  return (
    <>
      <div className="relative overflow-hidden border-b bg-gradient-to-b from-primary-soft/70 to-background">
        <HeroPattern />
        <div className="relative mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
          <h1 className="text-4xl font-semibold tracking-tight text-foreground sm:text-5xl">{title}</h1>
          <p className="mt-4 text-sm font-medium text-muted-foreground">Last Updated {LEGAL_LAST_UPDATED}</p>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[220px_1fr] lg:px-8">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold tracking-wide text-foreground uppercase">On this page</p>
            <ol className="mt-4 flex flex-col gap-2.5 border-l text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="-ml-px block border-l border-transparent pl-4 text-muted-foreground transition-colors hover:border-primary hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="legal-prose min-w-0 max-w-3xl text-[15px] leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_h2]:scroll-mt-24 [&_li]:mt-2 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:marker:text-slate-400">
          <div className="text-base leading-7 text-slate-700 [&>p:first-child]:mt-0">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="mt-12">
              <h2 id={section.id} className="text-xl font-semibold tracking-tight text-foreground">
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
          {footer && <div className="mt-14 rounded-2xl border bg-surface p-6 sm:p-8">{footer}</div>}
        </article>
      </div>
    </>
  );
}

/** In legal text, a link to the contact form (we publish no raw email address). */
export function ContactLink({ children = 'Contact page' }: { children?: ReactNode }) {
  return <Link to="/contact">{children}</Link>;
}
