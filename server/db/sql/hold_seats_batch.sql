-- SPDX-License-Identifier: GPL-3.0-or-later
-- Explicit-seat holds in batches (issue 3's benchmark; server/domain/holdgroupcommit.*): the requests
-- for one event that reach the server while other batches run are decided in one call, one
-- transaction and one round trip, instead of one each. Same rules and same answers as
-- hold_seats (hold_seats.sql), one row per request (o_index: its place in the arrays), each request
-- decided as if the earlier ones of the batch had come just before it, alone:
-- * A request's seats are p_seats[start + 1 .. start + p_counts[i]] (sorted, distinct), its
--   hold id p_ids[i] (chosen by the server).
-- * The owners' advisory locks are taken in key order, then every requested seat is locked in
--   primary-key order and read under its lock: a batch never waits in a cycle with another
--   batch, nor with hold_seats (one owner lock, then its seats in key order). Seats that turn
--   out taken stay locked until the commit, briefly.
-- * A seat granted to a request is taken for the later requests of the batch; the owner's
--   seats and holds in use include the batch's earlier grants.
CREATE OR REPLACE FUNCTION hold_seats_batch(p_event text, p_owners text[], p_counts integer[],
                                 p_seats text[], p_admitted boolean[], p_ids uuid[])
RETURNS TABLE (o_index integer, o_outcome text, o_hold_id uuid, o_expires_at timestamptz,
               o_found text[], o_free text[], o_used_seats integer, o_used_holds integer,
               o_max_seats integer, o_max_holds integer)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
    v_hold_seconds integer;
    v_max_seats integer;
    v_max_holds integer;
    v_queue boolean;
    v_expires timestamptz;
    v_n integer := cardinality(p_owners);
    v_free jsonb; -- seat -> whether it is free (this batch's grants turn false)
    v_used jsonb; -- owner -> [seats, holds] in use on the event, this batch's grants included
    v_req text[];
    v_seat text;
    v_off integer := 0;
    v_rows integer;
    w_index integer[] := '{}';
    w_start integer[] := '{}';
    w_seat text[] := '{}';   -- the granted seats, and the request each went to
    w_seat_of integer[] := '{}';
BEGIN
    SELECT e.hold_seconds, e.max_seats_per_user, e.max_holds_per_user, e.queue_enabled
      INTO v_hold_seconds, v_max_seats, v_max_holds, v_queue
      FROM events e WHERE e.id = p_event::uuid;
    IF NOT FOUND THEN
        RETURN QUERY SELECT g, 'not_found'::text, NULL::uuid, NULL::timestamptz, NULL::text[],
                            NULL::text[], 0, 0, 0, 0 FROM generate_series(1, v_n) g;
        RETURN;
    END IF;
    v_expires := now() + make_interval(secs => v_hold_seconds);
    -- Owners' locks in key order, then the seats' in primary-key order: two batches (or a
    -- batch and a single hold, which takes one owner lock, then its seats) never deadlock.
    PERFORM pg_advisory_xact_lock(s.k)
       FROM (SELECT DISTINCT hashtextextended(p_event || '/' || o, 7) AS k
               FROM unnest(p_owners) o ORDER BY 1) s;
    SELECT coalesce(jsonb_object_agg(s.seat_id, s.free), '{}') INTO v_free
      FROM (SELECT i.seat_id, (i.status = 'available'
                               OR (i.status = 'held' AND i.expires_at < now())) AS free
              FROM inventory i
             WHERE i.event_id = p_event::uuid
               AND i.seat_id = ANY(ARRAY(SELECT DISTINCT x FROM unnest(p_seats) x ORDER BY 1))
             ORDER BY i.seat_id FOR NO KEY UPDATE) s;
    SELECT coalesce(jsonb_object_agg(u.owner, jsonb_build_array(u.seats, u.holds)), '{}')
      INTO v_used
      FROM (SELECT o.owner, l.seats + (SELECT count(*) FROM tickets t
                                           JOIN orders r ON r.id = t.order_id
                                          WHERE t.event_id = p_event::uuid
                                            AND r.owner = o.owner AND t.status = 'valid') AS seats,
                   l.holds
              FROM (SELECT DISTINCT x AS owner FROM unnest(p_owners) x) o
              CROSS JOIN LATERAL
                   (SELECT coalesce(sum(cardinality(h.seats) + h.ga_quantity), 0) AS seats,
                           count(*) AS holds
                      FROM holds h WHERE h.event_id = p_event::uuid AND h.owner = o.owner
                       AND h.status = 'active' AND h.expires_at >= now()) l) u;
    -- Requests in order, as if one after the other.
    FOR i IN 1 .. v_n LOOP
        v_req := p_seats[v_off + 1 : v_off + p_counts[i]];
        o_index := i;
        o_outcome := NULL;
        o_hold_id := NULL;
        o_expires_at := NULL;
        o_found := NULL;
        o_free := NULL;
        o_used_seats := 0;
        o_used_holds := 0;
        o_max_seats := v_max_seats;
        o_max_holds := v_max_holds;
        IF v_queue AND NOT p_admitted[i] THEN
            o_outcome := 'admission_required';
        ELSE
            -- Plain expressions, no query per request (the seats are sorted).
            o_found := '{}';
            o_free := '{}';
            FOREACH v_seat IN ARRAY v_req LOOP
                IF v_free ? v_seat THEN
                    o_found := o_found || v_seat;
                    IF (v_free ->> v_seat)::boolean THEN
                        o_free := o_free || v_seat;
                    END IF;
                END IF;
            END LOOP;
            IF cardinality(o_free) <> cardinality(v_req) THEN
                o_outcome := 'seat_unavailable';
            ELSE
                o_used_seats := (v_used -> p_owners[i] ->> 0)::integer;
                o_used_holds := (v_used -> p_owners[i] ->> 1)::integer;
                IF o_used_holds + 1 > v_max_holds
                   OR o_used_seats + cardinality(v_req) > v_max_seats THEN
                    o_outcome := 'limit_exceeded';
                    o_found := NULL;
                    o_free := NULL;
                ELSE
                    o_outcome := 'created';
                    o_hold_id := p_ids[i];
                    o_expires_at := v_expires;
                    v_used := jsonb_set(v_used, ARRAY[p_owners[i]],
                                        jsonb_build_array(o_used_seats + cardinality(v_req),
                                                          o_used_holds + 1));
                    FOREACH v_seat IN ARRAY v_req LOOP
                        v_free := jsonb_set(v_free, ARRAY[v_seat], 'false');
                        w_seat := w_seat || v_seat;
                        w_seat_of := w_seat_of || i;
                    END LOOP;
                    w_index := w_index || i;
                    w_start := w_start || v_off;
                END IF;
            END IF;
        END IF;
        v_off := v_off + p_counts[i];
        RETURN NEXT;
    END LOOP;
    IF cardinality(w_index) = 0 THEN
        RETURN;
    END IF;
    INSERT INTO holds (id, event_id, owner, seats, expires_at)
    SELECT p_ids[w.i], p_event::uuid, p_owners[w.i], p_seats[w.s + 1 : w.s + p_counts[w.i]],
           v_expires
      FROM unnest(w_index, w_start) AS w(i, s);
    -- The seats are locked by this transaction and were free under the lock.
    UPDATE inventory inv
       SET status = 'held', hold_id = p_ids[w_seat_of[array_position(w_seat, inv.seat_id)]],
           owner = p_owners[w_seat_of[array_position(w_seat, inv.seat_id)]],
           expires_at = v_expires, version = inv.version + 1
     WHERE inv.event_id = p_event::uuid AND inv.seat_id = ANY(w_seat);
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    IF v_rows <> cardinality(w_seat) THEN
        RAISE EXCEPTION 'hold_seats_batch: % of % seats updated', v_rows, cardinality(w_seat)
            USING ERRCODE = 'serialization_failure';
    END IF;
    INSERT INTO outbox (event_id, kind, payload)
    SELECT p_event::uuid, 'seats.held',
           jsonb_build_object('hold_id', p_ids[w.i],
                              'seats', to_jsonb(p_seats[w.s + 1 : w.s + p_counts[w.i]]))
      FROM unnest(w_index, w_start) WITH ORDINALITY AS w(i, s, n) ORDER BY w.n;
END
$$;
