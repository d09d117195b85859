import type { DemoProvider } from '../../lib/billing/demo-provider';
import { deliverDemoEvents } from './demo-service';
import { sendTrialReminders, type BillingDeps } from './service';
import type { JobDefinition } from '../../lib/jobs';

const EVERY_15_MINUTES = 15 * 60 * 1000;

/** One pass of the billing job: the demo provider's clock (trials convert, periods end), then trial reminders. */
export async function runBillingJobs(deps: BillingDeps, now = new Date()): Promise<{ reminders: number }> {
  const provider = deps.billing;
  if (provider.name === 'demo') await deliverDemoEvents(deps, await (provider as DemoProvider).advanceClock(now));
  return { reminders: await sendTrialReminders(deps, now) };
}

/**
 * The billing pass as a job (lib/jobs, ADR 057): every 15 minutes (a reminder due "2 days before"
 * may go up to 15 minutes late), leased so one server process runs it per period: the demo
 * provider's clock reads due subscriptions and then moves them, which two processes at once would
 * both do. Each reminder is also claimed in the database, so none is sent twice either way.
 */
export function billingJob(deps: BillingDeps): JobDefinition<{ reminders: number }> {
  return { name: 'billing', every: EVERY_15_MINUTES, lease: true, runAtStart: true, runOnce: () => runBillingJobs(deps) };
}
