-- Operators' failed sign-ins are counted in a window, like members' (lib/attempts.ts).
ALTER TABLE operators ADD COLUMN fail_window_until timestamptz;
