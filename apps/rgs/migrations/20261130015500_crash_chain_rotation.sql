-- A crash room's hash chains follow one another (docs/crash.md). A chain's first_round is the
-- room's round number that takes its hash h(length - 1); round n of the room takes the chain's
-- hash n - first_round + 1. The next chain is made and published (next_chain_id: its
-- terminating hash and salt in the room's info) while the current one still has rounds left,
-- and takes over once the current one is used up.
ALTER TABLE rgs.crash_chains ADD COLUMN first_round bigint NOT NULL DEFAULT 1 CHECK (first_round >= 1);
ALTER TABLE rgs.crash_rooms ADD COLUMN next_chain_id text REFERENCES rgs.crash_chains (id);
