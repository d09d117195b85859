import { FileDown } from 'lucide-react';
import { EXPORT_FORMAT_LABEL } from '@contract/exports';
import { RECENT_EXPORTS_SHOWN } from '@contract/limits';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDate, formatNumber, pluralize } from '@web/lib/utils';
import { useExportStats } from './api';
import { SettingsCard } from '@web/components/settings-card';

/** 'YYYY-MM-DD' is a calendar day, not UTC midnight: read it in local time so it does not shift a day. */
export function exportDateLabel(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return formatDate(new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])), value);
  return formatDate(value, value);
}

export function ExportsTab() {
  const stats = useExportStats();
  // A failed load is silent (docs/rules.md#account-settings): zero and no entries.
  const total = stats.data?.totalExported ?? 0;
  const recent = (stats.data?.recent ?? []).slice(0, RECENT_EXPORTS_SHOWN);

  return (
    <SettingsCard title="Exports" description="Contacts you have exported from the directory.">
      {stats.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading export statistics">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <div className="flex items-center gap-4 rounded-lg border bg-primary-soft/40 p-5">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
              <FileDown className="size-5" aria-hidden />
            </span>
            <div>
              <p className="text-sm text-muted-foreground">Total exported contacts</p>
              <p className="text-2xl font-semibold tracking-tight text-foreground">{formatNumber(total)}</p>
            </div>
          </div>

          <section aria-labelledby="recent-exports-heading">
            <h3 id="recent-exports-heading" className="mb-3 text-sm font-semibold text-foreground">
              Recent exports
            </h3>
            {recent.length === 0 ? (
              <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
                No recent export activity
              </p>
            ) : (
              <ul className="divide-y rounded-lg border">
                {recent.map((entry, index) => (
                  <li
                    key={`${entry.exportDate}-${index}`}
                    className="flex items-center justify-between gap-4 px-4 py-3 text-sm"
                  >
                    <span className="text-foreground">{exportDateLabel(entry.exportDate)}</span>
                    <span className="flex items-center gap-3">
                      <Badge variant="outline" className="font-normal text-muted-foreground">
                        {EXPORT_FORMAT_LABEL[entry.format]}
                      </Badge>
                      <span className="font-medium text-muted-foreground">
                        {pluralize(entry.exportCount, 'contact')}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </SettingsCard>
  );
}
