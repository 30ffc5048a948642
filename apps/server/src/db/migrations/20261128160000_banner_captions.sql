-- A banner's caption (title and subtitle per language): the site lays it over the image in the
-- player's language, so one picture serves every language and carries no text of its own.
-- Null: no caption (a picture that needs none, or one whose text is in the image).
ALTER TABLE banners ADD COLUMN title jsonb, ADD COLUMN subtitle jsonb;
