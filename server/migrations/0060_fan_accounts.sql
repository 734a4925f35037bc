-- SPDX-License-Identifier: GPL-3.0-or-later
-- Fans sign up with their email (issue 13). A fan's username, and so the `sub` of their tokens
-- and the owner of their holds and orders, is the email in lower case; the email as typed, the
-- name and the locale (for mail and the shop) are kept beside it. Staff rows leave them NULL.
ALTER TABLE users ADD COLUMN email text CHECK (length(email) BETWEEN 3 AND 254),
                  ADD COLUMN display_name text CHECK (length(display_name) BETWEEN 1 AND 200),
                  ADD COLUMN locale text CHECK (length(locale) BETWEEN 2 AND 16);
-- One account per email whatever its case: two sign-ups racing for one email meet here.
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
