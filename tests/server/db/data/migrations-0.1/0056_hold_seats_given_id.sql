-- hold_seats takes the hold's id from the caller (p_hold; NULL: the database picks one, as
-- before). The server chooses the id before it leases the seats in Redis, so the leases belong to
-- the hold from the start and need no hand-over round trip after the transaction (HoldGate).
-- An id that already exists is a unique violation of holds_pkey: nothing is kept, and the
-- caller retries with a fresh id. Otherwise the body is 0055's, line for line.
DROP FUNCTION hold_seats(text, text, text[], boolean);

CREATE FUNCTION hold_seats(p_event text, p_owner text, p_seats text[],
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
