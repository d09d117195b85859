import { Loader2 } from 'lucide-react';
import type { Campaign } from '@contract/outreach';
import { useCan } from '@web/app/session';
import { SettingsCard } from '@web/components/settings-card';
import { UpgradeHint } from '@web/components/upgrade-hint';
import { formatDateTime, formatNumber } from '@web/lib/utils';
import { useCampaigns } from './api';

const SKIP_WORDS: Record<keyof Campaign['skipped'], string> = {
  no_valid_email: 'no valid email',
  contact_limit: 'at their contact limit',
  unsubscribed: 'unsubscribed',
  not_looking: 'not looking',
  daily_ceiling: 'over your daily limit',
};

/** Account settings > Outreach (ADR 066): the latest emails sent to lists, with what became of them. */
export function CampaignsCard() {
  const canSend = useCan('outreach:send');
  return (
    <SettingsCard
      title="Outreach"
      description="Emails you (and your team) sent to physicians from a list: who received them, who was skipped and why, bounces and unsubscribes."
    >
      {canSend ? (
        <Campaigns />
      ) : (
        <UpgradeHint>Emailing physicians comes with the Monthly and Annual Plans.</UpgradeHint>
      )}
    </SettingsCard>
  );
}

function Campaigns() {
  const campaigns = useCampaigns();
  if (campaigns.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading...
      </p>
    );
  }
  if (campaigns.isError) return <p className="text-sm text-destructive">Could not load your emails.</p>;
  if (!campaigns.data.campaigns.length) return <p className="text-sm text-muted-foreground">No emails yet. Open a list and choose Email list.</p>;
  return (
    <ul className="divide-y rounded-lg border text-sm" aria-label="Emails sent">
      {campaigns.data.campaigns.map((campaign) => {
        const skipped = (Object.keys(SKIP_WORDS) as Array<keyof Campaign['skipped']>).filter((reason) => campaign.skipped[reason] > 0);
        return (
          <li key={campaign.id} className="flex flex-col gap-1 px-3 py-2.5">
            <p className="font-medium break-words text-foreground">{campaign.subject}</p>
            <p className="text-xs text-muted-foreground">
              {formatDateTime(campaign.sendAt)}
              {campaign.createdBy ? ` · ${campaign.createdBy}` : ''}
            </p>
            <p className="text-slate-700">
              {[
                `${formatNumber(campaign.sent)} sent`,
                campaign.queued ? `${formatNumber(campaign.queued)} waiting` : null,
                campaign.bounced ? `${formatNumber(campaign.bounced)} bounced` : null,
                campaign.unsubscribed ? `${formatNumber(campaign.unsubscribed)} unsubscribed` : null,
                campaign.complained ? `${formatNumber(campaign.complained)} marked as spam` : null,
                campaign.cancelled ? `${formatNumber(campaign.cancelled)} withdrawn (unsubscribed before sending)` : null,
                ...skipped.map((reason) => `${formatNumber(campaign.skipped[reason])} skipped: ${SKIP_WORDS[reason]}`),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
