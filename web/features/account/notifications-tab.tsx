import { RotateCw } from 'lucide-react';
import { toast } from '@web/components/ui/toast';
import type { NotificationPreferences } from '@contract/auth';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/features/auth/form-errors';
import { SavedSearchAlertsCard } from '@web/features/saved-searches/alert-settings';
import { useProfile, useUpdateNotification } from './api';
import { SettingsCard } from '@web/components/settings-card';

type PreferenceKey = keyof NotificationPreferences;

const PREFERENCES: { key: PreferenceKey; label: string; description: string }[] = [
  {
    key: 'marketing',
    label: 'Marketing emails',
    description: 'News about our product, offers and recruiting tips.',
  },
  {
    key: 'newFeatures',
    label: 'New features',
    description: 'Be the first to hear about new search filters and tools.',
  },
  {
    key: 'securityAlerts',
    label: 'Security alerts',
    description: 'Sign-ins, password changes and other activity on your account.',
  },
];

export function NotificationsTab() {
  const profile = useProfile();
  return (
    <div className="flex flex-col gap-6">
      <SettingsCard title="Notifications" description="Choose which emails you want to receive.">
        {profile.isPending ? (
          <div className="flex flex-col gap-5" aria-hidden>
            {PREFERENCES.map(({ key }) => (
              <Skeleton key={key} className="h-12 w-full" />
            ))}
          </div>
        ) : profile.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 text-sm text-muted-foreground">
            <p>We couldn't load your preferences. {profile.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
              <RotateCw aria-hidden />
              Try again
            </Button>
          </div>
        ) : (
          <ul className="divide-y">
            {PREFERENCES.map((preference) => (
              <PreferenceRow
                key={preference.key}
                preferenceKey={preference.key}
                label={preference.label}
                description={preference.description}
                checked={profile.data.notifications[preference.key]}
              />
            ))}
          </ul>
        )}
      </SettingsCard>
      <SavedSearchAlertsCard />
    </div>
  );
}

function PreferenceRow({
  preferenceKey,
  label,
  description,
  checked,
}: {
  preferenceKey: PreferenceKey;
  label: string;
  description: string;
  checked: boolean;
}) {
  const update = useUpdateNotification();
  const id = `notification-${preferenceKey}`;

  function toggle(value: boolean) {
    // One change at a time per switch, so a rollback never lands on a newer choice.
    if (update.isPending) return;
    update.mutate(
      { key: preferenceKey, value },
      {
        onSuccess: () =>
          toast.success('Preference updated', {
            description: `${label} notifications ${value ? 'enabled' : 'disabled'}.`,
          }),
        onError: (error) =>
          toast.error('Error', {
            description: errorMessage(error, 'Could not update your preference. Please try again.'),
          }),
      },
    );
  }

  return (
    <li className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        <p id={`${id}-description`} className="text-[13px] leading-snug text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        aria-describedby={`${id}-description`}
        aria-busy={update.isPending || undefined}
        onCheckedChange={toggle}
      />
    </li>
  );
}
