-- SPDX-License-Identifier: GPL-3.0-or-later
-- hold_seats takes the hold's id from the caller (p_hold; server/db/sql/hold_seats.sql): the
-- old signature goes, the migrator creates the new one.
DROP FUNCTION IF EXISTS hold_seats(text, text, text[], boolean);
