-- SPDX-License-Identifier: GPL-3.0-or-later
-- A voucher may unlock the seats held back for an allocation (issue 28 item 2, docs/pricing.md):
-- its holder holds them online like a clerk at the counter (db/sql/hold_allocation_seats.sql),
-- and the hold remembers that its seats depend on the code, which then cannot be taken off.
-- Such a code may take nothing off (0 %): it only opens the seats.
ALTER TABLE vouchers ADD COLUMN allocation text
    CHECK (allocation IS NULL OR length(allocation) BETWEEN 1 AND 100);
ALTER TABLE vouchers DROP CONSTRAINT vouchers_percent_bp_check;
ALTER TABLE vouchers ADD CONSTRAINT vouchers_percent_bp_check
    CHECK (percent_bp BETWEEN 1 AND 10000 OR (percent_bp = 0 AND allocation IS NOT NULL));
ALTER TABLE hold_vouchers ADD COLUMN unlocks_allocation boolean NOT NULL DEFAULT false;
