import type { DailyActivity } from '@contract/admin';
import { formatDate, formatNumber } from '@web/lib/utils';

const WIDTH = 600;
const HEIGHT = 160;
const PAD_BOTTOM = 18;

/**
 * Exports and reveals per day as paired bars (inline SVG, no chart library). Screen readers get
 * a one-sentence summary and the numbers as a table; the picture is for the eye.
 */
export function ActivityChart({ days }: { days: DailyActivity[] }) {
  const max = Math.max(1, ...days.map((d) => Math.max(d.exports, d.reveals)));
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(2, slot / 2 - 2);
  const plot = HEIGHT - PAD_BOTTOM;
  const totalExports = days.reduce((n, d) => n + d.exports, 0);
  const totalReveals = days.reduce((n, d) => n + d.reveals, 0);
  const busiest = days.reduce<DailyActivity | null>(
    (best, d) => (!best || d.exports + d.reveals > best.exports + best.reveals ? d : best),
    null,
  );
  const summary =
    `Exports and reveals per day over the last ${days.length} days: ${formatNumber(totalExports)} exports and ` +
    `${formatNumber(totalReveals)} reveals` +
    (busiest && busiest.exports + busiest.reveals > 0
      ? `; busiest day ${formatDate(`${busiest.date}T12:00:00Z`)} with ${busiest.exports} exports and ${busiest.reveals} reveals.`
      : '.');

  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        <line x1={0} x2={WIDTH} y1={plot} y2={plot} className="stroke-border" strokeWidth={1} />
        {days.map((d, i) => {
          const x = i * slot + 1;
          const he = (d.exports / max) * (plot - 4);
          const hr = (d.reveals / max) * (plot - 4);
          return (
            <g key={d.date}>
              <title>{`${formatDate(`${d.date}T12:00:00Z`)}: ${d.exports} exports, ${d.reveals} reveals`}</title>
              <rect x={x} y={plot - he} width={bar} height={he} className="fill-primary" rx={1} />
              <rect x={x + bar + 1} y={plot - hr} width={bar} height={hr} className="fill-teal-500" rx={1} />
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-primary" aria-hidden /> Exports
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-teal-500" aria-hidden /> Reveals
        </span>
        <span className="ml-auto">
          {days.length > 0 && `${formatDate(`${days[0].date}T12:00:00Z`)} – ${formatDate(`${days.at(-1)!.date}T12:00:00Z`)}`}
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>Exports and reveals per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Exports</th>
            <th scope="col">Reveals</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{d.exports}</td>
              <td>{d.reveals}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
