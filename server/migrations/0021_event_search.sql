-- SPDX-License-Identifier: GPL-3.0-or-later
-- Catalog search projection, fed asynchronously from the outbox by the projector.
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;

-- unaccent() is only STABLE; an IMMUTABLE wrapper with a fixed dictionary can be indexed.
CREATE FUNCTION boxoffice_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

CREATE TABLE event_search (
    event_id   uuid PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
    starts_at  timestamptz NOT NULL,
    category   text NOT NULL,
    lat        double precision,
    lng        double precision,
    words      text NOT NULL,              -- unaccented, lower-cased title, artists, venue, city
    document   tsvector NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX event_search_document ON event_search USING gin (document);
CREATE INDEX event_search_words ON event_search USING gin (words gin_trgm_ops);
CREATE INDEX event_search_starts ON event_search (starts_at, event_id);
CREATE INDEX event_search_earth ON event_search USING gist (ll_to_earth(lat, lng))
    WHERE lat IS NOT NULL AND lng IS NOT NULL;
