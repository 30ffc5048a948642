-- "My income" per period: what an agent paid its downlines is the paid bills it was the payer
-- of, read by payer and period end (the bills by member already have agent_bills_member_idx).
CREATE INDEX agent_bills_payer_idx ON agent_bills (payer_id, window_end) WHERE status = 'paid';
