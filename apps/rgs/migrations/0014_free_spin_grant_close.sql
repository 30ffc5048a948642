-- A free-spin grant the platform could not deliver before it expired: the
-- platform closes it (signed POST /rgs/admin/freespins/grants/close). A grant the RGS never
-- received is stored closed (never_made, every spin used), so a late copy of the grant makes
-- nothing playable and the platform may give the member's points back; a grant it had stays as
-- it was (it lapsed like any other) and is reported as made.
ALTER TABLE rgs.free_spin_grants ADD COLUMN never_made boolean NOT NULL DEFAULT false;
