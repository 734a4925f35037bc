-- SPDX-License-Identifier: GPL-3.0-or-later
-- Where the payment provider's hosted page sends an online buyer back (issue 13): checked to be
-- the shop's own origin when the order is made, passed to every payment intent of the order.
ALTER TABLE orders ADD COLUMN return_url text CHECK (length(return_url) <= 2048);
