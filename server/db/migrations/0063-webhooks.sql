-- Signed outgoing webhooks (docs/decisions/065-webhooks.md). An endpoint belongs to a team or to a
-- recruiter in no team (exactly one: server/features/integrations/owner.ts); its signing secret is
-- kept sealed under INTEGRATIONS_KEY (server/lib/secret-box.ts), never in the clear.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  team_id uuid REFERENCES teams (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL,
  description text,
  events text[] NOT NULL,
  secret_sealed text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
-- The enqueue beside every reveal, list add and export looks endpoints up by owner: with none, an
-- index probe that finds nothing.
CREATE INDEX webhook_endpoints_team_idx ON webhook_endpoints (team_id) WHERE team_id IS NOT NULL;
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id) WHERE user_id IS NOT NULL;

-- One row per event and endpoint; its id is the webhook-id header (the receiver's idempotency key,
-- the same on every attempt). Claimed with a lease so any server process delivers, and a stopped
-- one's rows are taken over once the lease passes.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'delivering', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_owner uuid,
  lease_until timestamptz,
  last_status_code integer,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
-- The delivery job's claim: due rows only.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('queued', 'delivering');
-- An endpoint's log (latest 50).
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);
-- Finished deliveries are kept 30 days (the delivery job purges older ones).
CREATE INDEX webhook_deliveries_finished_idx ON webhook_deliveries (created_at) WHERE status IN ('delivered', 'failed');

-- 'physician.moved': a physician on one of an owner's lists who got a move signal in an import (a
-- new practice location, or a new or ended facility: ADR 035, ADR 063). physicians.moved_on moves
-- forward exactly when the import's change trigger (migrations 0032, 0050, 0061) recorded one, so
-- this trigger enqueues in the import's own statement and transaction: one event per physician and
-- endpoint however many fields changed, and nothing for physicians on no list of an endpoint's owner.
CREATE OR REPLACE FUNCTION enqueue_physician_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- From the physician's lists to their owners (a list shared with a team is the team's; a private
  -- one is its creator's team's, or its creator's in no team) to their endpoints: the work is that
  -- of the lists holding the physician, however many endpoints exist.
  INSERT INTO webhook_deliveries (endpoint_id, event_type, payload)
  SELECT e.id, 'physician.moved', jsonb_build_object(
      'type', 'physician.moved',
      'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', jsonb_build_object(
        'physician', jsonb_build_object('id', NEW.id, 'npi', NEW.npi, 'name', concat_ws(' ', NEW.first_name, NEW.last_name)),
        'from', jsonb_build_object('city', OLD.city, 'state', OLD.state, 'zip', OLD.zip),
        'to', jsonb_build_object('city', NEW.city, 'state', NEW.state, 'zip', NEW.zip),
        'changed', to_jsonb(array_remove(ARRAY[
          CASE WHEN (OLD.city, OLD.state, OLD.zip) IS DISTINCT FROM (NEW.city, NEW.state, NEW.zip) THEN 'location' END,
          CASE WHEN OLD.affiliations IS DISTINCT FROM NEW.affiliations THEN 'hospitals' END], NULL)),
        'movedOn', NEW.moved_on))
    FROM webhook_endpoints e
   WHERE e.id IN (
       SELECT w.id
         FROM (SELECT DISTINCT coalesce(l.team_id,
                        (SELECT t.team_id FROM team_members t WHERE t.user_id = l.user_id AND t.removed_at IS NULL)) AS team_id,
                      CASE WHEN l.team_id IS NULL THEN l.user_id END AS user_id
                 FROM list_members m JOIN physician_lists l ON l.id = m.list_id
                WHERE m.physician_id = NEW.id) o
         JOIN webhook_endpoints w ON w.team_id = o.team_id OR (o.team_id IS NULL AND w.user_id = o.user_id))
     AND e.enabled AND 'physician.moved' = ANY (e.events);
  RETURN NULL;
END;
$$;

CREATE TRIGGER physicians_enqueue_moved
  AFTER UPDATE ON physicians
  FOR EACH ROW
  WHEN (NEW.moved_on IS DISTINCT FROM OLD.moved_on)
  EXECUTE FUNCTION enqueue_physician_moved();
