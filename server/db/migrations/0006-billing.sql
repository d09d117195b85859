-- Billing: one provider customer per user, trials, the past_due grace period, the demo
-- provider's own subscription records, and money-back refund requests.

-- One provider customer per user, created once at the first checkout. Also the per-user billing
-- facts that outlive any one subscription: the one free trial and the first purchase.
CREATE TABLE billing_customers (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('demo', 'stripe')),
  customer_id text NOT NULL UNIQUE,
  trial_used_at timestamptz,
  first_paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Stripe's full status list (incomplete_expired, paused) can reach us too.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status IN
  ('active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'));
-- past_due keeps access until grace_until (ADR 012); set when the subscription first goes past_due.
ALTER TABLE subscriptions ADD COLUMN grace_until timestamptz;
ALTER TABLE subscriptions ADD COLUMN trial_end timestamptz;
ALTER TABLE subscriptions ADD COLUMN trial_reminder_sent_at timestamptz;

-- The demo provider's side: what Stripe would hold for a checkout session and a subscription.
ALTER TABLE demo_checkout_sessions ADD COLUMN customer_id text;
ALTER TABLE demo_checkout_sessions ADD COLUMN trial_days integer NOT NULL DEFAULT 0;
ALTER TABLE demo_checkout_sessions ADD COLUMN subscription_id text;

CREATE TABLE demo_subscriptions (
  id text PRIMARY KEY,
  customer_id text NOT NULL,
  price_id text NOT NULL CHECK (price_id IN ('price_monthly', 'price_annual')),
  status text NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  trial_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX demo_subscriptions_customer_idx ON demo_subscriptions (customer_id);

-- Money-back guarantee requests (docs/rules.md#money-back): one per customer, reviewed by operators.
CREATE TABLE refund_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  subscription_id uuid REFERENCES subscriptions (id) ON DELETE SET NULL,
  reason text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'refunded', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE INDEX refund_requests_status_idx ON refund_requests (status, created_at);
