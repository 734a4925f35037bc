-- SPDX-License-Identifier: GPL-3.0-or-later
-- Core schema: staff, catalog, inventory, holds, orders, payments, tickets, idempotency, outbox.
-- The one rule lives at the bottom of the tickets table: one valid ticket per (event, seat).

CREATE TABLE users (
    id            bigserial PRIMARY KEY,
    username      text NOT NULL UNIQUE CHECK (length(username) BETWEEN 1 AND 255),
    password_hash text NOT NULL,
    role          text NOT NULL CHECK (role IN ('fan', 'clerk', 'manager', 'admin')),
    created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE venues (
    id         text PRIMARY KEY,
    name       text NOT NULL,
    city       text NOT NULL DEFAULT '',
    lat        double precision,
    lng        double precision,
    document   jsonb NOT NULL,
    seat_count integer NOT NULL,
    version    integer NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE events (
    id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    venue_id            text NOT NULL REFERENCES venues (id),
    venue_version       integer NOT NULL,
    title               text NOT NULL,
    category            text NOT NULL DEFAULT '',
    starts_at           timestamptz NOT NULL,
    on_sale_at          timestamptz NOT NULL,
    currency            char(3) NOT NULL,
    sale_conditions     text NOT NULL DEFAULT '',
    max_seats_per_user  integer NOT NULL DEFAULT 10 CHECK (max_seats_per_user > 0),
    max_holds_per_user  integer NOT NULL DEFAULT 3 CHECK (max_holds_per_user > 0),
    hold_seconds        integer NOT NULL DEFAULT 600 CHECK (hold_seconds > 0),
    queue_enabled       boolean NOT NULL DEFAULT false,
    queue_admit_per_minute integer NOT NULL DEFAULT 100,
    queue_max_active    integer NOT NULL DEFAULT 1000,
    focal_x             double precision NOT NULL DEFAULT 0,
    focal_y             double precision NOT NULL DEFAULT 0,
    created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_starts_at ON events (starts_at);

CREATE TABLE artists (
    id   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL UNIQUE
);

CREATE TABLE event_artists (
    event_id  uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    artist_id uuid NOT NULL REFERENCES artists (id),
    position  integer NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, artist_id)
);

CREATE TABLE price_categories (
    event_id    uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    category_id text NOT NULL,
    name        text NOT NULL,
    color       text NOT NULL DEFAULT '',
    price_cents bigint NOT NULL CHECK (price_cents >= 0),
    PRIMARY KEY (event_id, category_id)
);

-- One row per seat of an event. A conditional UPDATE on this table decides who holds a seat.
CREATE TABLE inventory (
    event_id   uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    seat_id    text NOT NULL,
    section    text NOT NULL,
    row_label  text NOT NULL,
    number     text NOT NULL,
    row_index  integer NOT NULL,  -- rows of a section in venue order
    seat_index integer NOT NULL,  -- position of the seat within its row (adjacency)
    category   text NOT NULL,
    x          double precision NOT NULL,
    y          double precision NOT NULL,
    rank       double precision NOT NULL, -- distance to the focal point: lower is better
    status     text NOT NULL DEFAULT 'available'
               CHECK (status IN ('available', 'held', 'sold', 'blocked')),
    hold_id    uuid,
    owner      text,
    expires_at timestamptz,
    version    bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, seat_id),
    CHECK ((status = 'held') = (hold_id IS NOT NULL AND expires_at IS NOT NULL))
) WITH (fillfactor = 80);
-- Deliberately no index on status, hold_id, owner or expires_at: holding a seat then changes no
-- indexed column, so the UPDATE is HOT (no index writes), and the free space left by the
-- fillfactor keeps the new row version on the same page. Holds find their seats through
-- holds.seats and the primary key.
CREATE INDEX inventory_section ON inventory (event_id, section, row_index, seat_index);

-- General admission: `held` counts quantities of active hold rows (expired or not yet swept),
-- `sold` counts sales; held + sold never exceeds capacity.
CREATE TABLE ga_zones (
    event_id uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    ga_id    text NOT NULL,
    name     text NOT NULL,
    category text NOT NULL DEFAULT '',
    capacity integer NOT NULL CHECK (capacity >= 0),
    held     integer NOT NULL DEFAULT 0 CHECK (held >= 0),
    sold     integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
    PRIMARY KEY (event_id, ga_id),
    CHECK (held + sold <= capacity)
);

CREATE TABLE holds (
    id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    event_id    uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    owner       text NOT NULL,
    status      text NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'released', 'expired', 'ordered')),
    seats       text[] NOT NULL DEFAULT '{}',
    ga_id       text,
    ga_quantity integer NOT NULL DEFAULT 0 CHECK (ga_quantity >= 0),
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    ended_at    timestamptz
);
CREATE INDEX holds_owner ON holds (event_id, owner) WHERE status = 'active';
CREATE INDEX holds_active_expiry ON holds (expires_at) WHERE status = 'active';

-- GA part of a hold (a hold has at most one zone today; the table leaves room for more).
CREATE TABLE hold_ga (
    hold_id  uuid NOT NULL REFERENCES holds (id) ON DELETE CASCADE,
    event_id uuid NOT NULL,
    ga_id    text NOT NULL,
    quantity integer NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (hold_id, ga_id),
    FOREIGN KEY (event_id, ga_id) REFERENCES ga_zones (event_id, ga_id)
);

CREATE TABLE orders (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    hold_id      uuid NOT NULL UNIQUE REFERENCES holds (id),
    event_id     uuid NOT NULL REFERENCES events (id),
    owner        text NOT NULL,
    status       text NOT NULL DEFAULT 'pending'
                 CHECK (status IN ('pending', 'paid', 'failed', 'expired', 'refunded', 'cancelled')),
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    currency     char(3) NOT NULL,
    channel      text NOT NULL DEFAULT 'online',
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_owner ON orders (owner, created_at);

CREATE TABLE payment_attempts (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id        uuid NOT NULL REFERENCES orders (id),
    provider        text NOT NULL,
    method          text NOT NULL DEFAULT 'card',
    intent_id       text UNIQUE,
    idempotency_key text NOT NULL UNIQUE,
    status          text NOT NULL DEFAULT 'created'
                    CHECK (status IN ('created', 'pending', 'uncertain', 'succeeded', 'failed', 'cancelled')),
    amount_cents    bigint NOT NULL,
    currency        char(3) NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
-- Only one open attempt per order at a time.
CREATE UNIQUE INDEX payment_attempts_one_open ON payment_attempts (order_id)
    WHERE status IN ('created', 'pending', 'uncertain');

CREATE TABLE payment_events (
    provider_event_id text PRIMARY KEY,
    type              text NOT NULL,
    intent_id         text,
    payload           jsonb NOT NULL,
    received_at       timestamptz NOT NULL DEFAULT now(),
    processed_at      timestamptz
);

CREATE TABLE compensations (
    id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id     uuid REFERENCES orders (id),
    intent_id    text NOT NULL UNIQUE,
    amount_cents bigint NOT NULL,
    currency     char(3) NOT NULL,
    reason       text NOT NULL,
    status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
    attempts     integer NOT NULL DEFAULT 0,
    next_try_at  timestamptz NOT NULL DEFAULT now(),
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tickets (
    id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    order_id   uuid NOT NULL REFERENCES orders (id),
    event_id   uuid NOT NULL REFERENCES events (id),
    seat_id    text,
    ga_id      text,
    code       text NOT NULL UNIQUE,
    status     text NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'void', 'used')),
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((seat_id IS NULL) <> (ga_id IS NULL))
);
-- The one rule: a seat of an event has at most one valid ticket, whatever the layers above do.
CREATE UNIQUE INDEX tickets_one_valid_per_seat ON tickets (event_id, seat_id)
    WHERE status = 'valid' AND seat_id IS NOT NULL;
CREATE INDEX tickets_order ON tickets (order_id);

-- Idempotency keys per (owner, operation, key), kept 24 hours.
CREATE TABLE idempotency_keys (
    owner        text NOT NULL,
    operation    text NOT NULL,
    key          text NOT NULL,
    request_hash text NOT NULL,
    status_code  integer NOT NULL,
    body         jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (owner, operation, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- Written in the same transaction as every inventory/order/catalog change; a relay publishes
-- rows whose transaction id is below the current snapshot's xmin, so late commits are not skipped.
CREATE TABLE outbox (
    id         bigserial PRIMARY KEY,
    txid       xid8 NOT NULL DEFAULT pg_current_xact_id(),
    event_id   uuid,
    kind       text NOT NULL,
    payload    jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_txid ON outbox (txid, id);

CREATE TABLE audit (
    id         bigserial PRIMARY KEY,
    actor      text NOT NULL,
    action     text NOT NULL,
    subject    text NOT NULL DEFAULT '',
    details    jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now()
);
