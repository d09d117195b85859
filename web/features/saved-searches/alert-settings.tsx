import { useId } from 'react';
import { Link } from 'react-router';
import { BellRing, RotateCw } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
  type SavedSearch,
} from '@contract/saved-searches';
import { Button } from '@web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Switch } from '@web/components/ui/switch';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/features/auth/form-errors';
import { SettingsCard } from '@web/components/settings-card';
import { useSavedSearches, useUpdateSavedSearchAlert, useFollowSavedSearch } from './api';
import { savedSearchSummary } from './saved-searches-panel';

/**
 * Account, Notifications: one row per saved search with how often it emails its new matches
 * (docs/decisions/024-new-match-alerts.md). The digest's unsubscribe link turns a row off.
 */
export function SavedSearchAlertsCard() {
  const searches = useSavedSearches();
  return (
    <SettingsCard
      title="Saved search alerts"
      description="Get an email when new physicians match a saved search: at most one a day or a week, and none when nothing is new."
    >
      {searches.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : searches.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-muted-foreground">
          <p>We couldn't load your saved searches. {searches.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void searches.refetch()}>
            <RotateCw aria-hidden />
            Try again
          </Button>
        </div>
      ) : searches.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          You don't have any saved searches yet. Save a search on the{' '}
          <Link to="/search" className="font-medium text-primary underline-offset-4 hover:underline">
            search page
          </Link>{' '}
          to get alerts.
        </p>
      ) : (
        <ul className="divide-y">
          {searches.data.map((search) => (
            <AlertRow key={search.id} search={search} />
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}

function AlertRow({ search }: { search: SavedSearch }) {
  const id = useId();
  const update = useUpdateSavedSearchAlert();
  const summary = savedSearchSummary(search.params);
  if (!search.canManage) return <FollowRow search={search} summary={summary} />;

  function change(next: string) {
    const alert = next as AlertFrequency;
    if (update.isPending || alert === search.alert) return;
    update.mutate(
      { id: search.id, alert },
      {
        onSuccess: () =>
          toast.success('Preference updated', {
            description:
              alert === 'off'
                ? `Alerts for "${search.name}" turned off.`
                : `You'll get a ${alert} email when new physicians match "${search.name}".`,
          }),
        onError: (error) =>
          toast.error('Error', {
            description: errorMessage(error, 'Could not update the alert. Please try again.'),
          }),
      },
    );
  }

  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-foreground">
          {search.alert !== 'off' && <BellRing aria-hidden className="size-4 shrink-0 text-primary" />}
          <span className="truncate">{search.name}</span>
        </label>
        <p id={`${id}-description`} className="truncate text-[13px] leading-snug text-muted-foreground">
          {summary.length ? summary.join(' · ') : 'Saved search'}
          {search.alertSentAt &&
            ` · last alert ${new Date(search.alertSentAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}`}
        </p>
      </div>
      <Select value={search.alert} onValueChange={change}>
        <SelectTrigger
          id={id}
          className="h-9 w-full sm:w-32"
          aria-describedby={`${id}-description`}
          aria-busy={update.isPending || undefined}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ALERT_FREQUENCIES.map((value) => (
            <SelectItem key={value} value={value}>
              {ALERT_FREQUENCY_LABELS[value]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </li>
  );
}

/**
 * A teammate's shared search (docs/decisions/061-teams.md): its alert is set by its creator (or an
 * owner or admin); a member follows it to get the same digests.
 */
function FollowRow({ search, summary }: { search: SavedSearch; summary: string[] }) {
  const id = useId();
  const follow = useFollowSavedSearch();
  const how = search.alert === 'off' ? 'its alert is off' : `${ALERT_FREQUENCY_LABELS[search.alert].toLowerCase()} alert`;
  function change(following: boolean) {
    follow.mutate(
      { id: search.id, following },
      {
        onSuccess: () =>
          toast.success('Preference updated', {
            description: following
              ? `You follow "${search.name}": its new-match emails come to you too.`
              : `You no longer follow "${search.name}".`,
          }),
        onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not change following. Please try again.') }),
      },
    );
  }
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-foreground">
          {search.following && search.alert !== 'off' && <BellRing aria-hidden className="size-4 shrink-0 text-primary" />}
          <span className="truncate">{search.name}</span>
        </label>
        <p id={`${id}-description`} className="truncate text-[13px] leading-snug text-muted-foreground">
          Shared by {search.createdBy} ({how}){summary.length ? ` · ${summary.join(' · ')}` : ''}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <span className="text-sm text-muted-foreground" aria-hidden>
          {search.following ? 'Following' : 'Follow'}
        </span>
        <Switch
          id={id}
          checked={search.following}
          onCheckedChange={change}
          disabled={follow.isPending}
          aria-describedby={`${id}-description`}
        />
      </div>
    </li>
  );
}
