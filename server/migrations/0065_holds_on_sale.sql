-- SPDX-License-Identifier: GPL-3.0-or-later
-- Nothing is held before the event's sale opens (issue 15, defect 7). A trigger rather than a
-- check in each hold function: every way a hold row is made (hold_seats, hold_seats_batch, the
-- best-available and GA paths, and whatever comes later) is covered, with the database's clock.
-- The server refuses early requests from its cached settings first (not_on_sale); this is the
-- rule that holds when that cache is stale or a request comes another way.
-- uses-function: holds_refuse_before_sale
CREATE TRIGGER holds_on_sale BEFORE INSERT ON holds
    FOR EACH ROW EXECUTE FUNCTION holds_refuse_before_sale();
