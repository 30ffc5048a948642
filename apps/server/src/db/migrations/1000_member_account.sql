-- The member's own space: profile fields of spec §3, avatar, contact
-- handles, the optional TOTP second factor, and KYC (identity documents reviewed by operators).

ALTER TABLE members
  -- An upload of the member's (/wps/member/uploads/<id>) or one of the preset pictures.
  ADD COLUMN avatar_url text,
  ADD COLUMN full_name text,
  ADD COLUMN nationality text,
  ADD COLUMN occupation text,
  ADD COLUMN income_source text,
  ADD COLUMN birth_place text,
  -- {"qq": "...", "wechat": "...", ...}: the contact handles of spec §3.
  ADD COLUMN contacts jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- RFC 6238 secret (base32); asked at login once totp_enabled_at is set.
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_enabled_at timestamptz,
  -- The last time step a code was accepted for: a code is never accepted twice.
  ADD COLUMN totp_last_step bigint,
  -- none → pending → verified | rejected | more_info (the member's latest KYC case).
  ADD COLUMN kyc_status text NOT NULL DEFAULT 'none'
    CHECK (kyc_status IN ('none', 'pending', 'more_info', 'verified', 'rejected')),
  ADD COLUMN kyc_verified_at timestamptz;

CREATE TABLE kyc_cases (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'more_info', 'approved', 'rejected')),
  -- member_uploads ids (private files); null once purged after the retention period.
  id_front text,
  id_back text,
  selfie text,
  real_name text,
  birthday date,
  nationality text,
  occupation text NOT NULL,
  income_source text NOT NULL,
  address text NOT NULL,
  reason text,
  decided_by integer,
  decided_by_name text,
  decided_at timestamptz,
  purged_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The back-office queue (oldest first by status) and a member's own cases (newest first).
CREATE INDEX kyc_cases_queue_idx ON kyc_cases (status, id);
CREATE INDEX kyc_cases_member_idx ON kyc_cases (member_id, id DESC);
-- At most one case waiting for an operator per member.
CREATE UNIQUE INDEX kyc_cases_one_pending ON kyc_cases (member_id) WHERE status = 'pending';
-- The purge job's scan: decided cases whose documents are still kept.
CREATE INDEX kyc_cases_purge_idx ON kyc_cases (decided_at) WHERE purged_at IS NULL AND decided_at IS NOT NULL;

-- Which actions need a verified account, and how long documents are kept (one row).
CREATE TABLE kyc_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  first_withdrawal boolean NOT NULL DEFAULT false,
  -- Minor units; null: no threshold.
  withdrawal_above bigint CHECK (withdrawal_above IS NULL OR withdrawal_above >= 0),
  deposit_above bigint CHECK (deposit_above IS NULL OR deposit_above >= 0),
  deposit_period_days integer NOT NULL DEFAULT 30 CHECK (deposit_period_days BETWEEN 1 AND 365),
  -- Days documents are kept after the decision (AMLA: five years).
  retention_days integer NOT NULL DEFAULT 1825 CHECK (retention_days BETWEEN 1 AND 3650),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO kyc_settings (id) VALUES (1);
