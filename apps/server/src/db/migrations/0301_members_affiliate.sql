-- Agents' invitation codes (spec §4 registration: the affiliate code is checked first).
ALTER TABLE members ADD COLUMN affiliate_code text;
CREATE UNIQUE INDEX members_affiliate_code_idx ON members (upper(affiliate_code)) WHERE affiliate_code IS NOT NULL;
