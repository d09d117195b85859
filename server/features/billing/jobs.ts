import type { AppDeps } from '../../lib/context';
import type { DemoProvider } from '../../lib/billing/demo-provider';
import { deliverDemoEvents } from './demo-service';
import { sendTrialReminders } from './service';

const EVERY_15_MINUTES = 15 * 60 * 1000;

/** One pass of the billing job: the demo provider's clock (trials convert, periods end), then trial reminders. */
export async function runBillingJobs(deps: AppDeps, now = new Date()): Promise<{ reminders: number }> {
  const provider = deps.services.billing;
  if (provider.name === 'demo') await deliverDemoEvents(deps, await (provider as DemoProvider).advanceClock(now));
  return { reminders: await sendTrialReminders(deps, now) };
}

/**
 * Runs the billing job in the server process every 15 minutes (a reminder due "2 days before"
 * may go up to 15 minutes late). Each reminder is claimed in the database, so several server
 * processes do not send it twice. Returns a stop function.
 */
export function startBillingJobs(deps: AppDeps, intervalMs = EVERY_15_MINUTES): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const { reminders } = await runBillingJobs(deps);
      if (reminders) deps.logger.info({ reminders }, 'trial reminders queued');
    } catch (error) {
      deps.logger.error({ err: error }, 'billing job failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
