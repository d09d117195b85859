import { BullhornCard } from './bullhorn-card';
import { WebhooksCard } from './webhooks/webhooks-card';

/** Account settings > Integrations (ADR 064, ADR 065): the recruiter's ATS, and webhooks for every other system. */
export function IntegrationsTab() {
  return (
    <div className="flex flex-col gap-6">
      <BullhornCard />
      <WebhooksCard />
    </div>
  );
}
