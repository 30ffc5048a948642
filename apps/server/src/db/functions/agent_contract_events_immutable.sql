-- Contract history is append-only: an update or delete of agent_contract_events raises.
-- Trigger agent_contract_events_immutable (BEFORE UPDATE OR DELETE, each row) calls it.
CREATE OR REPLACE FUNCTION agent_contract_events_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'contract history is append-only';
END $$;
