import { Link } from 'react-router';
import { ArrowRight, BarChart3, Stethoscope, Users } from 'lucide-react';
import { SAMPLE_SPECIALTY_COUNTS } from '@contract/directory';
import { StartTrialButton } from '@web/features/billing/start-trial-button';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { searchParamsFor } from '@web/lib/search-params';
import { formatNumber, pluralize } from '@web/lib/utils';
import { useSpecialtyCounts } from '@web/features/directory/api';
import { specialtyOptions, type FilterOption } from '@web/features/directory/filter-options';

/** /specialties: the directory by specialty, each card opening the directory filtered to it. */
export function SpecialtiesPage() {
  const counts = useSpecialtyCounts();
  // No data back means the spec's sample figures; a failed call shows the empty message.
  const rows = counts.isError
    ? []
    : counts.data && counts.data.length > 0
      ? counts.data
      : SAMPLE_SPECIALTY_COUNTS;
  const specialties = specialtyOptions(rows);
  const total = specialties.reduce((sum, option) => sum + (option.count ?? 0), 0);
  const max = specialties[0]?.count ?? 0;

  return (
    <div className="flex flex-col">
      <section
        aria-labelledby="specialties-heading"
        className="border-b bg-gradient-to-b from-primary-soft/70 to-background"
      >
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 sm:py-16 lg:grid-cols-5 lg:items-center lg:px-8">
          <div className="lg:col-span-3">
            <p className="text-sm font-semibold tracking-wide text-brand-teal uppercase">Specialties</p>
            <h1
              id="specialties-heading"
              className="mt-2 text-4xl font-semibold tracking-tight text-balance text-foreground sm:text-5xl"
            >
              Explore Physician Specialties
            </h1>
            <p className="mt-4 max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">
              Browse the directory by specialty. Pick one to see every matching physician, then narrow by
              location, organization, skills and more.
            </p>
            {!counts.isPending && specialties.length > 0 && (
              <dl className="mt-8 flex flex-wrap gap-x-10 gap-y-4">
                <div>
                  <dt className="text-sm text-muted-foreground">Physicians</dt>
                  <dd className="text-3xl font-semibold tracking-tight text-foreground tabular-nums">
                    {formatNumber(total)}
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-muted-foreground">Specialties</dt>
                  <dd className="text-3xl font-semibold tracking-tight text-foreground tabular-nums">
                    {specialties.length}
                  </dd>
                </div>
              </dl>
            )}
          </div>
          <div className="lg:col-span-2">
            {counts.isPending ? (
              <Skeleton className="h-72 rounded-xl" />
            ) : (
              specialties.length > 0 && <DistributionChart specialties={specialties} total={total} />
            )}
          </div>
        </div>
      </section>

      <section aria-label="Specialties" className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        {counts.isPending ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy aria-label="Loading specialties">
            {Array.from({ length: 9 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-28 rounded-xl" />
              </li>
            ))}
          </ul>
        ) : specialties.length === 0 ? (
          <div className="rounded-xl border border-dashed bg-surface px-6 py-14 text-center">
            <Stethoscope className="mx-auto size-8 text-muted-foreground" aria-hidden />
            <p className="mt-3 text-base text-muted-foreground">
              No specialty data is currently available. Please check back later.
            </p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {specialties.map((option) => (
              <li key={option.value}>
                <SpecialtyCard option={option} max={max} total={total} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="specialties-cta" className="px-4 pb-16 sm:px-6 lg:px-8">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-2xl bg-gradient-to-br from-primary to-brand-teal px-6 py-12 text-center text-primary-foreground sm:px-12">
          <h2 id="specialties-cta" className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
            Reach the right physicians for every opening
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-base text-white/85">
            Full search results, verified contact details, candidate lists and export in one subscription.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link to="/pricing">View Pricing</Link>
            </Button>
            <StartTrialButton
              size="lg"
              variant="outline"
              className="border-white/60 bg-transparent text-white hover:bg-white/10"
            />
          </div>
        </div>
      </section>
    </div>
  );
}

/** A card per specialty: its name, 'N physicians' and its share of the directory as a bar. */
function SpecialtyCard({ option, max, total }: { option: FilterOption; max: number; total: number }) {
  const count = option.count ?? 0;
  const share = total > 0 ? (count / total) * 100 : 0;
  return (
    <Link
      to={{ pathname: '/search', search: searchParamsFor({ specialty: [option.value] })?.toString() ?? '' }}
      className="group flex h-full flex-col gap-3 rounded-xl border bg-card p-5 shadow-xs transition-[border-color,box-shadow,transform] hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Stethoscope className="size-5" aria-hidden />
          </span>
          <div>
            <h2 className="text-base font-semibold text-foreground group-hover:text-primary">
              {option.label}
            </h2>
            <p className="text-sm text-muted-foreground tabular-nums">{pluralize(count, 'physician')}</p>
          </div>
        </div>
        <ArrowRight
          className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary"
          aria-hidden
        />
      </div>
      <div className="mt-auto flex items-center gap-3" aria-hidden>
        <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-secondary">
          <div
            className="h-full rounded-full bg-gradient-to-r from-primary to-brand-teal"
            style={{ width: `${max > 0 ? (count / max) * 100 : 0}%` }}
          />
        </div>
        <span className="w-12 text-right text-xs text-muted-foreground tabular-nums">
          {share.toFixed(1)}%
        </span>
      </div>
    </Link>
  );
}

const CHART_ROWS = 8;

/** The distribution at a glance: the largest specialties as horizontal bars, the rest summed. */
function DistributionChart({ specialties, total }: { specialties: FilterOption[]; total: number }) {
  const top = specialties.slice(0, CHART_ROWS);
  const rest = specialties.slice(CHART_ROWS).reduce((sum, option) => sum + (option.count ?? 0), 0);
  const rows =
    rest > 0
      ? [
          ...top,
          { value: 'other', label: `${specialties.length - CHART_ROWS} more specialties`, count: rest },
        ]
      : top;
  const max = Math.max(...rows.map((row) => row.count ?? 0), 1);
  return (
    <figure className="rounded-xl border bg-card p-5 shadow-sm">
      <figcaption className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-2 text-sm font-semibold text-foreground">
          <BarChart3 className="size-4 text-primary" aria-hidden />
          Physicians by specialty
        </span>
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          <Users className="size-3.5" aria-hidden />
          {formatNumber(total)}
        </span>
      </figcaption>
      <ul className="mt-4 flex flex-col gap-2.5">
        {rows.map((row) => (
          <li
            key={row.value}
            className="grid grid-cols-[7.5rem_1fr_auto] items-center gap-3 text-xs sm:grid-cols-[9rem_1fr_auto]"
          >
            <span className="truncate text-slate-700">{row.label}</span>
            <span className="h-2.5 overflow-hidden rounded-full bg-secondary" aria-hidden>
              <span
                className={
                  row.value === 'other'
                    ? 'block h-full rounded-full bg-slate-300'
                    : 'block h-full rounded-full bg-primary/80'
                }
                style={{ width: `${((row.count ?? 0) / max) * 100}%` }}
              />
            </span>
            <span className="w-14 text-right text-muted-foreground tabular-nums">
              {formatNumber(row.count ?? 0)}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
