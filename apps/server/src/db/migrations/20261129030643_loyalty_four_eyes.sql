-- Four eyes on loyalty's back office: a VIP level that pays more (rebate, upgrade or birthday
-- bonus, a withdrawal cap raised or removed) and points worth more cash wait in
-- approval_requests for a second operator, as the finance threshold does.
ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_kind_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_kind_check
  CHECK (kind IN ('payment_channel.create', 'payment_channel.update', 'settings.finance',
    'provider_limits.update', 'queue.bulk_approve', 'bonus.grant', 'loyalty.vip_level',
    'loyalty.settings'));
