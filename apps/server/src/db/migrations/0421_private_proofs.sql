-- Private proofs: member_uploads (0210) belongs to a member.
ALTER TABLE member_uploads
  ADD CONSTRAINT member_uploads_member_fk FOREIGN KEY (member_id) REFERENCES members (id);

-- Proofs sent before: each (member, image) pair becomes the member's own upload under a random id
-- (two v4 UUIDs: 244 random bits), and the deposit or withdrawal names it.
INSERT INTO member_uploads (id, member_id, content_type, bytes, sha256, legacy_media_id)
SELECT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
       p.member_id, m.content_type, m.bytes, m.sha256, m.id
FROM (
  SELECT member_id, proof_url FROM deposits WHERE proof_url ~ '^/media/[0-9]{1,9}$'
  UNION
  SELECT member_id, proof_url FROM withdrawals WHERE proof_url ~ '^/media/[0-9]{1,9}$'
) p
JOIN media m ON m.id = substring(p.proof_url FROM 8)::integer;

UPDATE deposits d SET proof_url = '/wps/member/uploads/' || u.id
FROM member_uploads u
WHERE d.proof_url = '/media/' || u.legacy_media_id AND d.member_id = u.member_id;
UPDATE withdrawals w SET proof_url = '/wps/member/uploads/' || u.id
FROM member_uploads u
WHERE w.proof_url = '/media/' || u.legacy_media_id AND w.member_id = u.member_id;

-- The moved images leave public reach: a member's PNG or JPEG that no operator uploaded (an
-- operator's upload is in the audit log; the seed makes only SVG) is deleted from `media`.
DELETE FROM media m
WHERE m.id IN (SELECT legacy_media_id FROM member_uploads)
  AND m.content_type IN ('image/png', 'image/jpeg')
  AND NOT EXISTS (
    SELECT 1 FROM audit_log a WHERE a.entity_type = 'media' AND a.entity_id = '/media/' || m.id
  );
