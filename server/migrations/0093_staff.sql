-- SPDX-License-Identifier: GPL-3.0-or-later
-- Staff accounts in the back office (docs/back-office.md, "Staff"): a manager disables an
-- account (its tokens are refused from the next request on, on every server: the authenticator
-- reads `disabled` per staff request) and sees who signed in when.
ALTER TABLE users ADD COLUMN disabled boolean NOT NULL DEFAULT false,
                  ADD COLUMN last_sign_in_at timestamptz;

-- One row per successful staff sign-in; the username is kept as it was then.
CREATE TABLE staff_sign_ins (
    id       bigserial PRIMARY KEY,
    user_id  bigint NOT NULL REFERENCES users (id),
    username text NOT NULL,
    at       timestamptz NOT NULL DEFAULT now(),
    address  text NOT NULL DEFAULT '' CHECK (length(address) <= 100)
);
-- GET /staff/sign-ins reads the newest first.
CREATE INDEX staff_sign_ins_newest ON staff_sign_ins (at DESC, id DESC);
