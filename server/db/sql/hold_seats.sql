-- SPDX-License-Identifier: GPL-3.0-or-later
-- An explicit-seat hold as one statement, so it needs one round trip and no BEGIN/COMMIT of its
-- own (run in autocommit, it is its own transaction; inside a transaction, with an idempotency
-- key, it is one statement of it). The rules are those of the statements it replaces:
--  * one user's requests on one event are serialized (transaction advisory lock) and the limits
--    are read after that lock, in a statement with a fresh snapshot (plpgsql, READ COMMITTED);
--  * the seats are locked in sorted order, then the conditional UPDATE takes those that are
--    available or whose hold expired (logical expiry);
--  * all or nothing: nothing is written unless every seat was free and the limits allow it;
--  * the hold row and its outbox row are written by the same statement.
-- The caller passes the event id as text (as lockUserOnEvent does, so both take the same
-- advisory lock) and the seats sorted.
-- Plans are generic (plan_cache_mode): PL/pgSQL replanned every statement on every call, and the
-- generic plans are the index scans wanted anyway. Seats are checked before anything is locked or
-- written (most conflicts answer from one index-only read); the UPDATE then takes them in
-- primary-key order, and a seat lost meanwhile raises serialization_failure (the caller's one
-- retry answers seat_unavailable). The hold's id comes from the caller (p_hold; NULL: the database
-- picks one), so Redis leases belong to the hold from the start; an id that exists already is a
-- unique violation of holds_pkey, and the caller retries with a fresh one.
-- o_outcome is one of db::HoldOutcome's spellings (server/db/holdrepository.h).
CREATE OR REPLACE FUNCTION hold_seats(p_event text, p_owner text, p_seats text[],
                           p_admitted boolean, p_hold uuid DEFAULT NULL)
RETURNS TABLE (o_outcome text, o_hold_id uuid, o_expires_at timestamptz, o_found text[],
               o_free text[], o_used_seats integer, o_used_holds integer,
               o_max_seats integer, o_max_holds integer)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    v_hold_seconds integer;
    v_max_seats integer;
    v_max_holds integer;
    v_queue boolean;
    v_seats integer;
    v_holds integer;
    v_found text[];
    v_free text[];
    v_id uuid;
    v_expires timestamptz;
    v_taken integer;
BEGIN
    SELECT e.hold_seconds, e.max_seats_per_user, e.max_holds_per_user, e.queue_enabled
      INTO v_hold_seconds, v_max_seats, v_max_holds, v_queue
      FROM events e WHERE e.id = p_event::uuid;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::timestamptz, NULL::text[],
                            NULL::text[], 0, 0, 0, 0;
        RETURN;
    END IF;
    IF v_queue AND NOT p_admitted THEN
        RETURN QUERY SELECT 'admission_required'::text, NULL::uuid, NULL::timestamptz,
                            NULL::text[], NULL::text[], 0, 0, v_max_seats, v_max_holds;
        RETURN;
    END IF;
    -- Free now (no lock): a seat taken here is taken, whatever happens next.
    SELECT array_agg(i.seat_id ORDER BY i.seat_id),
           coalesce(array_agg(i.seat_id ORDER BY i.seat_id)
                        FILTER (WHERE i.status = 'available'
                                      OR (i.status = 'held' AND i.expires_at < now())), '{}')
      INTO v_found, v_free
      FROM inventory i WHERE i.event_id = p_event::uuid AND i.seat_id = ANY(p_seats);
    IF coalesce(cardinality(v_free), 0) <> cardinality(p_seats) THEN
        RETURN QUERY SELECT 'seat_unavailable'::text, NULL::uuid, NULL::timestamptz,
                            coalesce(v_found, '{}'), v_free, 0, 0, v_max_seats, v_max_holds;
        RETURN;
    END IF;
    -- One user's requests on one event are serialized; the limits are read after the lock, in
    -- a statement with a fresh snapshot.
    PERFORM pg_advisory_xact_lock(hashtextextended(p_event || '/' || p_owner, 7));
    SELECT coalesce(sum(cardinality(h.seats) + h.ga_quantity)
                        FILTER (WHERE h.expires_at >= now()), 0),
           count(*) FILTER (WHERE h.expires_at >= now())
      INTO v_seats, v_holds
      FROM holds h
     WHERE h.event_id = p_event::uuid AND h.owner = p_owner AND h.status = 'active';
    v_seats := v_seats + (SELECT count(*) FROM tickets t JOIN orders o ON o.id = t.order_id
                           WHERE t.event_id = p_event::uuid AND o.owner = p_owner
                             AND t.status = 'valid');
    IF v_holds + 1 > v_max_holds OR v_seats + cardinality(p_seats) > v_max_seats THEN
        RETURN QUERY SELECT 'limit_exceeded'::text, NULL::uuid, NULL::timestamptz, NULL::text[],
                            NULL::text[], v_seats, v_holds, v_max_seats, v_max_holds;
        RETURN;
    END IF;
    -- The conditional UPDATE locks the seats in primary-key order (two buyers of overlapping
    -- sets never deadlock) and re-checks each under its lock; the hold and its outbox row.
    WITH h AS (INSERT INTO holds (id, event_id, owner, seats, expires_at)
               VALUES (coalesce(p_hold, gen_random_uuid()), p_event::uuid, p_owner, p_seats,
                       now() + make_interval(secs => v_hold_seconds))
               RETURNING holds.id, holds.expires_at),
         taken AS (UPDATE inventory i SET status = 'held', hold_id = h.id, owner = p_owner,
                          expires_at = h.expires_at, version = i.version + 1
                     FROM h
                    WHERE i.event_id = p_event::uuid AND i.seat_id = ANY(p_seats)
                      AND (i.status = 'available'
                           OR (i.status = 'held' AND i.expires_at < now()))
                   RETURNING i.seat_id),
         logged AS (INSERT INTO outbox (event_id, kind, payload)
                    SELECT p_event::uuid, 'seats.held',
                           jsonb_build_object('hold_id', (SELECT h.id FROM h),
                                              'seats', (SELECT jsonb_agg(t.seat_id
                                                                         ORDER BY t.seat_id)
                                                          FROM taken t))
                    RETURNING 1)
    SELECT h.id, h.expires_at, (SELECT count(*) FROM taken)
      INTO v_id, v_expires, v_taken
      FROM h;
    IF v_taken <> cardinality(p_seats) THEN
        -- A concurrent buyer took a seat after the check: undo everything; the retry answers.
        RAISE EXCEPTION 'hold_seats: % of % seats taken, the rest went to another buyer',
            v_taken, cardinality(p_seats) USING ERRCODE = 'serialization_failure';
    END IF;
    RETURN QUERY SELECT 'created'::text, v_id, v_expires, v_found, v_free, v_seats, v_holds,
                        v_max_seats, v_max_holds;
END
$$;
