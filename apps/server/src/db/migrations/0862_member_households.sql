-- Households beyond a shared payout account: the devices a member registered
-- or logged in from, and the member's address when given. A device id is the hash of the site's
-- own first-party cookie id (members/household.ts) joined to a hash of the browser's stable
-- client hints (user agent without version numbers, platform, mobile, brands) — no third-party
-- fingerprinting. Members sharing a device id or a normalised address with a member who had a
-- bonus are flagged for review (members.bonus_review) by the rule's one_per_household check.
CREATE TABLE member_devices (
  member_id bigint NOT NULL REFERENCES members (id),
  device_id text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, device_id)
);
-- "Who else used this device": one range per device of the member.
CREATE INDEX member_devices_device_idx ON member_devices (device_id, member_id);

-- The address as the member gave it, and its normalised form's hash (the comparison key).
ALTER TABLE members ADD COLUMN address text;
ALTER TABLE members ADD COLUMN address_key text;
CREATE INDEX members_address_key_idx ON members (address_key) WHERE address_key IS NOT NULL;
