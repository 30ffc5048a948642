-- Four eyes on a VIP level: an upgrade or birthday bonus raised above the finance adjustment
-- threshold waits in approval_requests for a second operator, as a bonus granted by hand does.
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_kind_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_kind_check
  CHECK (kind IN ('payment_channel.create', 'payment_channel.update', 'settings.finance',
    'provider_limits.update', 'queue.bulk_approve', 'bonus.grant', 'loyalty.vip_level'));
