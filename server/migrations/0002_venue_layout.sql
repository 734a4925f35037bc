-- SPDX-License-Identifier: GPL-3.0-or-later
-- The sellable layout of each venue, derived once when the venue is uploaded or replaced, so
-- that creating an event copies it with INSERT ... SELECT instead of re-reading the document.

ALTER TABLE venues ADD COLUMN focal_x double precision NOT NULL DEFAULT 0;
ALTER TABLE venues ADD COLUMN focal_y double precision NOT NULL DEFAULT 0;

CREATE TABLE venue_categories (
    venue_id    text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    category_id text NOT NULL,
    name        text NOT NULL,
    color       text NOT NULL DEFAULT '',
    PRIMARY KEY (venue_id, category_id)
);

CREATE TABLE venue_seats (
    venue_id   text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    seat_id    text NOT NULL,
    section    text NOT NULL,
    row_label  text NOT NULL,
    number     text NOT NULL,
    row_index  integer NOT NULL,
    seat_index integer NOT NULL,
    category   text NOT NULL,
    x          double precision NOT NULL,
    y          double precision NOT NULL,
    rank       double precision NOT NULL,
    PRIMARY KEY (venue_id, seat_id)
);

CREATE TABLE venue_ga (
    venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
    ga_id    text NOT NULL,
    name     text NOT NULL,
    category text NOT NULL DEFAULT '',
    capacity integer NOT NULL CHECK (capacity >= 0),
    PRIMARY KEY (venue_id, ga_id)
);
