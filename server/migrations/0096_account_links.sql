-- SPDX-License-Identifier: GPL-3.0-or-later
-- E-mail verification and password reset (issue 29; docs/web-shop.md "Verification and
-- password reset"). A link's token is never stored: only its SHA-256. Consuming one is a
-- conditional UPDATE of its row, so of two uses racing exactly one wins.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz,
                  -- Access tokens carry it as `sv`; a reset bumps it and older tokens are refused.
                  ADD COLUMN session_version integer NOT NULL DEFAULT 0,
                  ADD COLUMN sessions_reset_at timestamptz;
-- The servers poll for resets made elsewhere since their last look.
CREATE INDEX users_sessions_reset ON users (sessions_reset_at) WHERE sessions_reset_at IS NOT NULL;

CREATE TABLE account_links (
    id          bigserial PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id),
    purpose     text NOT NULL CHECK (purpose IN ('verify', 'reset')),
    token_hash  bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    -- A newer link of the same purpose replaced this one (it no longer works).
    replaced_at timestamptz
);
CREATE INDEX account_links_live ON account_links (user_id, purpose)
    WHERE used_at IS NULL AND replaced_at IS NULL;

-- The account mails' outbox, drained by the mail worker like `mail_jobs` (same lease, retry and
-- interrupted rules). `token` is the link's secret, needed to write the mail: it is wiped once
-- the mail is sent or given up, so a copy of the database after that holds no live link.
CREATE TABLE account_mails (
    id            bigserial PRIMARY KEY,
    link_id       bigint NOT NULL UNIQUE REFERENCES account_links (id),
    recipient     text NOT NULL,
    locale        text NOT NULL DEFAULT 'en',
    name          text NOT NULL DEFAULT '',
    token         text,
    status        text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts      integer NOT NULL DEFAULT 0,
    interrupted   integer NOT NULL DEFAULT 0,
    next_try_at   timestamptz NOT NULL DEFAULT now(),
    claimed_until timestamptz,
    last_error    text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now(),
    sent_at       timestamptz
);
CREATE INDEX account_mails_due ON account_mails (next_try_at) WHERE status IN ('pending', 'sending');
