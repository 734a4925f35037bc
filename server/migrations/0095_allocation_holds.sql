-- SPDX-License-Identifier: GPL-3.0-or-later
-- A clerk sells an allocation's seats at the counter when a manager allows it
-- (allocations.counter_sale; docs/back-office.md "Selling an allocation at the counter").
-- The clerk's hold takes its seats out of the allocation (their holdback rows go, in the
-- hold_allocation_seats function), and when the hold ends unsold, released or expired, they go
-- back to it, blocked again (db::AllocationHoldRepository). Sold, they have left it for good.
-- While such a hold lives, its seats' expires_at is 'infinity': the hold and sale statements
-- take only available seats and seats whose hold expired, so no buyer ever takes one over, and
-- the trigger below keeps it so whatever a statement says. The hold row keeps the real expiry.
ALTER TABLE holds ADD COLUMN allocation text,
    ADD FOREIGN KEY (event_id, allocation) REFERENCES allocations (event_id, name);
-- The sweeper's two kinds of seat holds: an expired allocation hold returns its seats to the
-- allocation instead of freeing them.
DROP INDEX holds_seat_expiry;
CREATE INDEX holds_seat_expiry ON holds (expires_at)
    WHERE status = 'active' AND ga_id IS NULL AND allocation IS NULL;
CREATE INDEX holds_allocation_expiry ON holds (expires_at)
    WHERE status = 'active' AND allocation IS NOT NULL;

-- The WHEN clause runs no function for any other seat: only a seat held from an allocation.
-- uses-function: inventory_keep_allocation_hold
CREATE TRIGGER inventory_allocation_hold BEFORE UPDATE ON inventory
    FOR EACH ROW WHEN (OLD.status = 'held' AND OLD.expires_at = 'infinity')
    EXECUTE FUNCTION inventory_keep_allocation_hold();
