-- SPDX-License-Identifier: GPL-3.0-or-later
-- One offer run for one event's waiting list (migration 0120), in the caller's transaction:
--  * only one run per event at a time, whichever server runs it (transaction advisory lock; a
--    run that finds it taken does nothing: the other one is doing the work);
--  * offers whose hold ended are closed (bought, declined or lapsed); an offer hold past its
--    time is ended here (as the sweeper would) and its seats freed, into the pool;
--  * fans are offered pool seats in list order, each a hold in their name with `quantity` seats
--    of their categories (a fan whose request the pool cannot meet yet keeps their place), the
--    seats moved from the pool under their row locks, the offer mail queued (once per entry);
--    the pool is the one the run found (seats back meanwhile wait for the next run, so nobody
--    is passed over for a seat that a later fan then gets);
--  * pool seats no waiting fan wants (or all of them, the list switched off) are freed for sale.
-- Everything or nothing: a failure anywhere rolls the whole run back.
-- o_locked: false when another run holds the event's lock.
CREATE OR REPLACE FUNCTION waiting_list_offer(p_event uuid)
RETURNS TABLE (o_locked boolean, o_closed integer, o_offered integer, o_released integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_pool uuid;
    v_enabled boolean;
    v_minutes integer;
    v_closed integer := 0;
    v_offered integer := 0;
    v_released integer := 0;
    v_lapsed uuid[];
    v_freed text[];
    v_pool_now text[];
    v_seats text[];
    v_hold uuid;
    v_moved integer;
    v_place record;
BEGIN
    IF NOT pg_try_advisory_xact_lock(hashtextextended('waiting-list/' || p_event::text, 7)) THEN
        RETURN QUERY SELECT false, 0, 0, 0;
        RETURN;
    END IF;
    SELECT e.waiting_pool, e.waiting_list_enabled, e.waiting_offer_minutes
      INTO v_pool, v_enabled, v_minutes FROM events e WHERE e.id = p_event;
    IF NOT FOUND THEN
        RETURN QUERY SELECT true, 0, 0, 0;
        RETURN;
    END IF;

    -- The places with offers first, then their holds: the order a decline takes them in (no
    -- deadlock between the two).
    PERFORM 1 FROM waiting_entries we WHERE we.event_id = p_event AND we.state = 'offered'
      ORDER BY we.id FOR UPDATE;
    -- Offer holds past their time: ended, their seats freed (the pool takes them back).
    WITH lapsed AS (UPDATE holds h SET status = 'expired', ended_at = now()
                     WHERE h.event_id = p_event AND h.status = 'active'
                       AND h.waiting_entry IS NOT NULL AND h.expires_at < now()
                    RETURNING h.id)
    SELECT coalesce(array_agg(id), '{}') INTO v_lapsed FROM lapsed;
    IF cardinality(v_lapsed) > 0 THEN
        WITH freed AS (UPDATE inventory i SET status = 'available', hold_id = NULL, owner = NULL,
                              expires_at = NULL, version = i.version + 1
                        WHERE i.event_id = p_event AND i.hold_id = ANY(v_lapsed)
                          AND i.status = 'held'
                       RETURNING i.seat_id)
        SELECT coalesce(array_agg(seat_id ORDER BY seat_id), '{}') INTO v_freed FROM freed;
        IF cardinality(v_freed) > 0 THEN
            INSERT INTO outbox (event_id, kind, payload)
            VALUES (p_event, 'seats.released',
                    jsonb_build_object('reason', 'offer_lapsed', 'seats', to_jsonb(v_freed)));
        END IF;
    END IF;
    -- Offers whose hold ended, however it ended.
    UPDATE waiting_entries w
       SET state = CASE h.status WHEN 'ordered' THEN 'bought' WHEN 'released' THEN 'declined'
                                 ELSE 'lapsed' END,
           ended_at = now()
      FROM holds h
     WHERE w.event_id = p_event AND w.state = 'offered' AND h.id = w.hold_id
       AND h.status <> 'active';
    GET DIAGNOSTICS v_closed = ROW_COUNT;

    -- Offers, in list order, from the pool as it stands now (locked): each statement below
    -- sees the latest commits, so a seat coming back mid-run (a refund committing) would go to
    -- a fan after those already passed over for want of one. It waits for the next run.
    IF v_enabled THEN
        SELECT coalesce(array_agg(p.seat_id), '{}') INTO v_pool_now
          FROM (SELECT i.seat_id FROM inventory i
                 WHERE i.event_id = p_event AND i.status = 'held' AND i.hold_id = v_pool
                 ORDER BY i.seat_id FOR UPDATE) p;
        FOR v_place IN SELECT * FROM waiting_entries we
                  WHERE we.event_id = p_event AND we.state = 'waiting'
                  ORDER BY we.id FOR UPDATE
        LOOP
            SELECT array_agg(s.seat_id ORDER BY s.seat_id) INTO v_seats
              FROM (SELECT i.seat_id FROM inventory i
                     WHERE i.event_id = p_event AND i.status = 'held' AND i.hold_id = v_pool
                       AND i.seat_id = ANY(v_pool_now)
                       AND (cardinality(v_place.categories) = 0 OR i.category = ANY(v_place.categories))
                     ORDER BY i.category, i.section, i.row_index, i.seat_index
                     LIMIT v_place.quantity FOR UPDATE) s;
            CONTINUE WHEN coalesce(cardinality(v_seats), 0) < v_place.quantity;
            INSERT INTO holds (event_id, owner, seats, expires_at, waiting_entry)
            VALUES (p_event, v_place.username, v_seats, now() + make_interval(mins => v_minutes), v_place.id)
            RETURNING id INTO v_hold;
            UPDATE inventory i SET hold_id = v_hold, owner = v_place.username, version = i.version + 1
             WHERE i.event_id = p_event AND i.seat_id = ANY(v_seats) AND i.hold_id = v_pool
               AND i.status = 'held';
            GET DIAGNOSTICS v_moved = ROW_COUNT;
            IF v_moved <> cardinality(v_seats) THEN
                RAISE EXCEPTION 'waiting_list_offer: % of % pool seats moved under their locks',
                    v_moved, cardinality(v_seats);
            END IF;
            UPDATE waiting_entries SET state = 'offered', hold_id = v_hold, offered_at = now()
             WHERE id = v_place.id;
            INSERT INTO waiting_mails (entry_id, kind, recipient, locale, name)
            SELECT v_place.id, 'offer', coalesce(u.email, v_place.username), coalesce(u.locale, 'en'),
                   coalesce(u.display_name, '')
              FROM (SELECT 1) one LEFT JOIN users u ON u.username = v_place.username;
            INSERT INTO outbox (event_id, kind, payload)
            VALUES (p_event, 'seats.held',
                    jsonb_build_object('hold_id', v_hold, 'reason', 'waiting_list',
                                       'seats', to_jsonb(v_seats)));
            v_offered := v_offered + 1;
        END LOOP;
    END IF;

    -- Pool seats nobody waiting wants: for sale again.
    WITH freed AS (UPDATE inventory i SET status = 'available', hold_id = NULL, owner = NULL,
                          expires_at = NULL, version = i.version + 1
                    WHERE i.event_id = p_event AND i.status = 'held' AND i.hold_id = v_pool
                      AND (NOT v_enabled OR NOT EXISTS (
                               SELECT 1 FROM waiting_entries we
                                WHERE we.event_id = p_event AND we.state = 'waiting'
                                  AND (cardinality(we.categories) = 0
                                       OR i.category = ANY(we.categories))))
                   RETURNING i.seat_id)
    SELECT coalesce(array_agg(seat_id ORDER BY seat_id), '{}') INTO v_freed FROM freed;
    v_released := cardinality(v_freed);
    IF v_released > 0 THEN
        INSERT INTO outbox (event_id, kind, payload)
        VALUES (p_event, 'seats.released',
                jsonb_build_object('reason', 'waiting_list', 'seats', to_jsonb(v_freed)));
    END IF;
    RETURN QUERY SELECT true, v_closed, v_offered, v_released;
END
$$;
