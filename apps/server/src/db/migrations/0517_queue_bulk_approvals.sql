-- Back-office queues: a bulk approval of queue items whose total is above the
-- finance threshold waits in approval_requests for a second operator (approvals.ts).
-- Numbered after 0515, which last redefined this constraint: the numbers allotted to this change
-- (0427–0429) all run before approval_requests exists (0431).
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_kind_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_kind_check
  CHECK (kind IN ('payment_channel.create', 'payment_channel.update', 'settings.finance',
    'provider_limits.update', 'queue.bulk_approve'));
