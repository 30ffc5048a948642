-- Minor units as the decimal text the provider protocol answers (12345 -> '123.45', -5 -> '-0.05').
CREATE OR REPLACE FUNCTION ledger_format_minor(v bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN v < 0 THEN '-' ELSE '' END || (abs(v) / 100)::text || '.' ||
         lpad((abs(v) % 100)::text, 2, '0')
$$;
