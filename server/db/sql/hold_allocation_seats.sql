-- SPDX-License-Identifier: GPL-3.0-or-later
-- A clerk's hold on seats of an allocation the counter may sell (migration 0095), all or
-- nothing, in the caller's transaction:
--  * the allocation row is read FOR SHARE, so a manager switching counter_sale off waits for
--    this hold, and this hold for the switch (no hold slips past a refusal);
--  * the seats are locked in sorted order; each must be blocked and held back for this
--    allocation now (o_outside lists those that are not: sold, released, another kind);
--  * their holdback rows go, the hold row (with `allocation`) is written, the seats are held
--    with expires_at 'infinity' (never taken over; the hold row has the real expiry), and the
--    outbox row for the seat maps is written: one statement's worth of work, one round trip.
-- The holds trigger (holds_refuse_before_sale) refuses it like any hold when the sale does.
-- A fan with a code that unlocks the allocation (migration 0141, p_unlocked) needs no counter
-- sale: the caller checked the code in this transaction.
-- p_seats: sorted, distinct. o_outcome: created | no_allocation | counter_sale_off |
-- seat_unavailable.
DROP FUNCTION IF EXISTS hold_allocation_seats(uuid, text, text, text[], uuid);
CREATE OR REPLACE FUNCTION hold_allocation_seats(p_event uuid, p_owner text, p_allocation text,
                                                 p_seats text[], p_hold uuid DEFAULT NULL,
                                                 p_unlocked boolean DEFAULT false)
RETURNS TABLE (o_outcome text, o_hold_id uuid, o_expires_at timestamptz, o_outside text[])
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    v_counter_sale boolean;
    v_outside text[];
    v_id uuid;
    v_expires timestamptz;
    v_taken integer;
BEGIN
    SELECT a.counter_sale INTO v_counter_sale FROM allocations a
     WHERE a.event_id = p_event AND a.name = p_allocation FOR SHARE;
    IF NOT FOUND THEN
        RETURN QUERY SELECT 'no_allocation'::text, NULL::uuid, NULL::timestamptz, NULL::text[];
        RETURN;
    END IF;
    IF NOT v_counter_sale AND NOT p_unlocked THEN
        RETURN QUERY SELECT 'counter_sale_off'::text, NULL::uuid, NULL::timestamptz,
                            NULL::text[];
        RETURN;
    END IF;
    PERFORM 1 FROM inventory i WHERE i.event_id = p_event AND i.seat_id = ANY(p_seats)
      ORDER BY i.seat_id FOR UPDATE;
    SELECT coalesce(array_agg(s ORDER BY s), '{}') INTO v_outside
      FROM unnest(p_seats) AS s
     WHERE NOT EXISTS (SELECT 1 FROM holdbacks b JOIN inventory i USING (event_id, seat_id)
                        WHERE b.event_id = p_event AND b.seat_id = s AND b.kind = 'allocation'
                          AND b.allocation = p_allocation AND i.status = 'blocked');
    IF cardinality(v_outside) > 0 THEN
        RETURN QUERY SELECT 'seat_unavailable'::text, NULL::uuid, NULL::timestamptz, v_outside;
        RETURN;
    END IF;
    DELETE FROM holdbacks b WHERE b.event_id = p_event AND b.seat_id = ANY(p_seats);
    INSERT INTO holds (id, event_id, owner, seats, expires_at, allocation)
    SELECT coalesce(p_hold, gen_random_uuid()), p_event, p_owner, p_seats,
           now() + make_interval(secs => e.hold_seconds), p_allocation
      FROM events e WHERE e.id = p_event
    RETURNING holds.id, holds.expires_at INTO v_id, v_expires;
    UPDATE inventory i SET status = 'held', hold_id = v_id, owner = p_owner,
                           expires_at = 'infinity', version = i.version + 1
     WHERE i.event_id = p_event AND i.seat_id = ANY(p_seats) AND i.status = 'blocked';
    GET DIAGNOSTICS v_taken = ROW_COUNT;
    IF v_taken <> cardinality(p_seats) THEN
        RAISE EXCEPTION 'hold_allocation_seats: % of % seats taken under their locks',
            v_taken, cardinality(p_seats);
    END IF;
    INSERT INTO outbox (event_id, kind, payload)
    VALUES (p_event, 'seats.held',
            jsonb_build_object('hold_id', v_id, 'allocation', p_allocation,
                               'seats', to_jsonb(p_seats)));
    RETURN QUERY SELECT 'created'::text, v_id, v_expires, NULL::text[];
END
$$;
