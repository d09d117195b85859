import { WebhooksCard } from './webhooks/webhooks-card';

/** Account settings > Integrations (ADR 064, ADR 065): the team's connections to other systems. */
export function IntegrationsTab() {
  return (
    <div className="flex flex-col gap-6">
      <WebhooksCard />
    </div>
  );
}
