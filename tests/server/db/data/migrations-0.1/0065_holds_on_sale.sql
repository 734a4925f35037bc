-- Nothing is held before the event's sale opens (issue 15, defect 7). A trigger rather than a
-- check in each hold function: every way a hold row is made (hold_seats, hold_seats_batch, the
-- best-available and GA paths, and whatever comes later) is covered, with the database's clock.
-- The server refuses early requests from its cached settings first (not_on_sale); this is the
-- rule that holds when that cache is stale or a request comes another way.
CREATE FUNCTION holds_refuse_before_sale() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM events e WHERE e.id = NEW.event_id AND e.on_sale_at > now()) THEN
        RAISE EXCEPTION 'event % is not on sale yet', NEW.event_id USING ERRCODE = 'BX001';
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER holds_on_sale BEFORE INSERT ON holds
    FOR EACH ROW EXECUTE FUNCTION holds_refuse_before_sale();
