-- A banner or notice link may leave the site only when the operator marked it
-- external (the site then opens it in a new tab with rel="noopener noreferrer"). Items saved
-- before keep what they did: a banner whose URL link is an absolute web address, and a notice
-- whose text links to one, are marked external; everything else stays on the site.
ALTER TABLE banners ADD COLUMN external boolean NOT NULL DEFAULT false;
UPDATE banners SET external = true WHERE linkage_type = 'URL' AND linkage ~* '^https?://[^/\\]';

ALTER TABLE notices ADD COLUMN external boolean NOT NULL DEFAULT false;
UPDATE notices SET external = true WHERE content::text ~* 'href=\\"(https?:|mailto:|tel:)';
