import { useState } from 'react';
import { Loader2, Minus, Plus, Users } from 'lucide-react';
import { MAX_SEATS, priceForSeats, type Plan } from '@contract/billing';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { pluralize } from '@web/lib/utils';
import { useUpdateSeats } from './api';

/**
 * The subscription's seats on the Subscription tab (docs/decisions/062-per-seat-billing.md): a
 * stepper, what the change costs and when, and one button. `seats` is what the server holds; the
 * draft is this form's own until it is saved.
 */
export function SeatsControl({ seats, plan }: { seats: number; plan: Plan }) {
  const [draft, setDraft] = useState<number | null>(null);
  const update = useUpdateSeats();
  const wanted = draft ?? seats;
  const changed = wanted !== seats;
  const adding = wanted > seats;
  const step = (by: number) => setDraft(Math.min(MAX_SEATS, Math.max(1, wanted + by)));

  return (
    <section aria-labelledby="seats-heading" className="flex flex-col gap-3 border-t pt-6">
      <h3 id="seats-heading" className="flex items-center gap-2 font-semibold">
        <Users className="size-5 text-brand-teal" aria-hidden />
        Seats
      </h3>
      <p className="text-sm text-muted-foreground">
        {pluralize(seats, 'seat')} at {plan.price} {plan.period} each: {priceForSeats(plan, seats)} {plan.period}. Each
        recruiter of your team uses one seat.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex items-center gap-2" role="group" aria-label="Number of seats">
          <Button type="button" variant="outline" size="icon" aria-label="One seat fewer" disabled={wanted <= 1} onClick={() => step(-1)}>
            <Minus aria-hidden />
          </Button>
          <span aria-live="polite" className="min-w-16 text-center text-lg font-semibold tabular-nums">
            {pluralize(wanted, 'seat')}
          </span>
          <Button type="button" variant="outline" size="icon" aria-label="One seat more" disabled={wanted >= MAX_SEATS} onClick={() => step(1)}>
            <Plus aria-hidden />
          </Button>
        </div>
        <Button
          type="button"
          className="w-full sm:w-auto"
          disabled={!changed || update.isPending}
          onClick={() =>
            update.mutate(
              { seats: wanted },
              {
                onSuccess: (answer) => {
                  setDraft(null);
                  toast.success('Seats updated', { description: `Your plan now has ${pluralize(answer.seats, 'seat')}.` });
                },
                onError: (error) => toast.error('Could not change seats', { description: error.message }),
              },
            )
          }
        >
          {update.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Update seats
        </Button>
      </div>
      {changed && (
        <p className="text-sm text-muted-foreground" role="status">
          {adding
            ? `${pluralize(wanted - seats, 'added seat')} ${wanted - seats === 1 ? 'is' : 'are'} charged today for the rest of this period; then ${priceForSeats(plan, wanted)} ${plan.period}.`
            : `${priceForSeats(plan, wanted)} ${plan.period} from your next renewal; this period is not credited.`}
        </p>
      )}
    </section>
  );
}
