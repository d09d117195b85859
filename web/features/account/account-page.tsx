import { useSearchParams } from 'react-router';
import { BarChart3, Bell, CreditCard, Mail, Plug, UserRound, UsersRound } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { ExportsTab } from './exports-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { SecuritySettings } from './security-settings';
import { SubscriptionTab } from './subscription-tab';
import { ApiKeysCard } from '@web/features/api-keys/api-keys-card';
import { TeamTab } from '@web/features/team/team-tab';
import { IntegrationsTab } from '@web/features/integrations/integrations-tab';
import { CampaignsCard } from '@web/features/outreach/campaigns-card';

const TABS = [
  { value: 'profile', label: 'Profile', icon: UserRound },
  { value: 'subscription', label: 'Subscription', icon: CreditCard },
  { value: 'team', label: 'Team', icon: UsersRound },
  { value: 'integrations', label: 'Integrations', icon: Plug },
  { value: 'outreach', label: 'Outreach', icon: Mail },
  { value: 'exports', label: 'Exports', icon: BarChart3 },
  { value: 'notifications', label: 'Notifications', icon: Bell },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const DEFAULT_TAB: TabValue = 'profile';

function isTab(value: string | null): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

/** /account (signed in): seven tabs, the open one kept in ?tab= so it can be linked to. */
export function AccountPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabValue = isTab(requested) ? requested : DEFAULT_TAB;

  function selectTab(value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_TAB) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <div className="bg-surface flex-1">
      <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
        <header className="mb-6 sm:mb-8">
          <h1 className="text-2xl font-semibold tracking-tight text-foreground sm:text-3xl">
            Account Settings
          </h1>
          <p className="mt-2 text-muted-foreground">Manage your profile, subscription and preferences.</p>
        </header>

        <Tabs value={tab} onValueChange={selectTab} className="gap-6">
          <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-10 sm:w-fit">
            {TABS.map(({ value, label, icon: Icon }) => (
              <TabsTrigger key={value} value={value} className="h-9 sm:h-full">
                <Icon aria-hidden />
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="profile" className="flex flex-col gap-6">
            <ProfileTab />
            <SecuritySettings />
            <ApiKeysCard />
          </TabsContent>
          <TabsContent value="subscription">
            <SubscriptionTab />
          </TabsContent>
          <TabsContent value="team">
            <TeamTab />
          </TabsContent>
          <TabsContent value="integrations">
            <IntegrationsTab />
          </TabsContent>
          <TabsContent value="outreach">
            <CampaignsCard />
          </TabsContent>
          <TabsContent value="exports">
            <ExportsTab />
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationsTab />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
