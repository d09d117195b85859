-- Per-seat billing (docs/decisions/062-per-seat-billing.md): a subscription's quantity is its seats,
-- the recruiters its team may hold. Every subscription so far is one seat. The demo provider
-- keeps the same quantity on its checkout sessions and subscriptions, as Stripe does.
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS seats integer NOT NULL DEFAULT 1;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_seats_positive CHECK (seats >= 1);
ALTER TABLE demo_checkout_sessions ADD COLUMN seats integer NOT NULL DEFAULT 1 CHECK (seats >= 1);
ALTER TABLE demo_subscriptions ADD COLUMN seats integer NOT NULL DEFAULT 1 CHECK (seats >= 1);
