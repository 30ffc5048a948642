-- Four eyes on the vendors' maximum win per round: raising a limit (a higher
-- multiple or amount, or removing one) waits in approval_requests for a second operator.
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_kind_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_kind_check
  CHECK (kind IN ('payment_channel.create', 'payment_channel.update', 'settings.finance', 'provider_limits.update'));
