-- Operators mark a money-back request refunded or declined on the admin dashboard: who did it
-- (resolved_at already says when).
ALTER TABLE refund_requests ADD COLUMN resolved_by uuid REFERENCES users (id) ON DELETE SET NULL;
