import { BullhornCard } from './bullhorn-card';

/** Account settings > Integrations (ADR 064): the recruiter's ATS, and webhooks for every other system. */
export function IntegrationsTab() {
  return (
    <div className="flex flex-col gap-6">
      <BullhornCard />
    </div>
  );
}
