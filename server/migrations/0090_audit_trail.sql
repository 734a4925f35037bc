-- SPDX-License-Identifier: GPL-3.0-or-later
-- The back office's audit trail: every manager action with who, when, the event it touched and
-- the state before and after (GET /audit). The counter's entries (sales, refunds, shifts) are
-- rows of the same table without before/after.
ALTER TABLE audit ADD COLUMN event_id uuid;
ALTER TABLE audit ADD COLUMN before jsonb;
ALTER TABLE audit ADD COLUMN after jsonb;
CREATE INDEX audit_event ON audit (event_id, id) WHERE event_id IS NOT NULL;
