-- SPDX-License-Identifier: GPL-3.0-or-later
-- Settlement (issue 30): the venue's commission on an event's box office, in basis points
-- (1250 = 12.50 %), set per event by a manager (PUT /events/{id}/commission).
ALTER TABLE events ADD COLUMN commission_bps integer NOT NULL DEFAULT 0
    CHECK (commission_bps BETWEEN 0 AND 10000);
