-- The identity-document number a member gives at registration when the operator asks for it
-- (spec §3 "Registration user" idNumber), kept as typed and trimmed; the back office shows it.
ALTER TABLE members ADD COLUMN id_number text;
