// SPDX-License-Identifier: GPL-3.0-or-later
// Choosing seats: the live canvas map (or the list view), the selection, best available and
// standing tickets, and then the basket with the hold's countdown. The selection is kept in
// sessionStorage so signing in on the way keeps it; a hold is made for it in one request (all
// or nothing), so one order pays for all the fan's seats.
import { ApiError, get, newKey, post } from '../api';
import { announce, h, link, replace } from '../dom';
import { money } from '../format';
import { t } from '../i18n';
import { navigate } from '../router';
import { currentUser, loadSession } from '../session';
import { admission, currentHold, queueId, setAdmission, setCurrentHold, setSelection } from '../store';
import { SeatFeed } from '../seatmap/feed';
import { SeatModel, Status, statusNames } from '../seatmap/model';
import { SeatMapWidget } from '../seatmap/widget';
import type { EventDetail, GaArea, Hold, QueueState, SeatPlan, SeatStatuses } from '../types';
import { errorText, heading, notice, showError } from './common';
import { loadEvent } from './event';
import { basketPanel } from './basket';
import { choosePanel, type ChooseContext } from './choose';
import { seatList } from './seatlist';
import { unlockCode } from './unlockcode';

export interface SeatPageContext {
  event: EventDetail;
  ga: GaArea[];
  model: SeatModel;
  widget: SeatMapWidget;
  describe(i: number): string;
  seatLabel(i: number): string;
}

export async function seatsPage(main: HTMLElement, params: Record<string, string>) {
  const eventId = params.id;
  replace(main, h('p', { class: 'loading' }, t('common.loading')));
  let event: EventDetail;
  let map: { plan: SeatPlan; statuses: SeatStatuses };
  try {
    [event, map] = await Promise.all([loadEvent(eventId), loadSeatMap(eventId), loadSession()]);
  } catch (error) {
    showError(main, error, () => void seatsPage(main, params));
    return;
  }
  performance.mark('seatmap-snapshot');
  if (event.queue_enabled && currentUser() && !admission(eventId) && !(await admitted(eventId))) {
    navigate(`/event/${encodeURIComponent(eventId)}/queue`, true);
    return;
  }
  if (event.queue_enabled && !currentUser()) {
    navigate(`/event/${encodeURIComponent(eventId)}/queue`, true);
    return;
  }

  const model = new SeatModel(map.plan, map.statuses.status, map.statuses.version, event.categories);
  performance.mark('seatmap-model');
  const sectionName = (s: number) => t('seats.bestSection') + ' ' + model.sections[s].id;
  const statusText = (i: number) =>
    widget.isMine(i) ? t('seats.status.mine') : t(`seats.status.${statusNames[model.status[i]]}` as 'seats.status.available');
  const seatLabel = (i: number) =>
    t('seats.seat', { section: sectionName(model.section[i]), row: model.rowOf(i), number: model.numberOf(i) });
  const describe = (i: number) => {
    const category = model.categories[model.category[i]];
    const price = model.price(i);
    return [seatLabel(i), category?.name, price === undefined ? '' : money(price, event.currency), statusText(i)]
      .filter(Boolean)
      .join(', ');
  };
  let toggleSeat = (_i: number) => {}; // the panel's, made right after the map's first frame
  const widget: SeatMapWidget = new SeatMapWidget(model, {
    label: t('seats.mapLabel'),
    emptyText: t('seats.noActive'),
    describe,
    describeSection: (s) => t('seats.sectionInfo', { section: sectionName(s), count: model.sections[s].available }),
    onToggle: (i) => toggleSeat(i),
  });
  const available = new Map(map.statuses.ga.map((zone) => [zone.id, zone.available]));
  const ga = map.plan.ga.map((zone) => ({ ...zone, available: available.get(zone.id) ?? 0 }));
  const context: SeatPageContext = { event, ga, model, widget, describe, seatLabel };

  const messages = h('div', { class: 'messages', 'aria-live': 'assertive' });
  const liveState = h('p', { class: 'live-state hint' });
  const panel = h('aside', { class: 'seat-panel' });
  const listHost = h('div', { class: 'seat-list-host', hidden: true });
  const mapHost = h('div', { class: 'map-host' });
  const viewToggle = h('button', { type: 'button', class: 'button', 'aria-pressed': 'false' }, t('seats.listView'));
  const zoomIn = h('button', { type: 'button', class: 'button icon', 'aria-label': t('seats.zoomIn') }, '+');
  const zoomOut = h('button', { type: 'button', class: 'button icon', 'aria-label': t('seats.zoomOut') }, '−');
  const reset = h('button', { type: 'button', class: 'button' }, t('seats.reset'));
  const legend = h(
    'ul',
    { class: 'legend', 'aria-label': t('seats.legend') },
    ...event.categories.map((c) => {
      const dot = h('span', { class: 'shape shape-available', 'aria-hidden': 'true' });
      dot.style.background = c.color;
      const item = h('li', {}, dot, c.name);
      // The first price formatted costs the browser's currency data (~0.1-0.3 s on a slow
      // phone): the prices follow the map's first paint instead of delaying it.
      afterPaint(() => item.append(` ${money(c.price_cents, event.currency)}`));
      return item;
    }),
    h('li', {}, h('span', { class: 'shape shape-held', 'aria-hidden': 'true' }), t('seats.status.held')),
    h('li', {}, h('span', { class: 'shape shape-sold', 'aria-hidden': 'true' }), t('seats.status.sold')),
    h('li', {}, h('span', { class: 'shape shape-mine', 'aria-hidden': 'true' }), t('seats.status.mine')),
  );
  mapHost.append(widget.element);

  // Seats an access code opened: held back for everyone else, free to choose for this fan.
  let unlocked: { code: string; seats: Set<string> } | null = null;
  const reopen = (indices: Iterable<number>) => {
    for (const i of indices) {
      if (unlocked?.seats.has(model.idOf(i)) && model.status[i] === Status.Blocked)
        model.setStatus(model.idOf(i), 'available');
    }
  };
  const access = unlockCode(eventId, (opened) => {
    unlocked = { code: opened.code, seats: new Set(opened.seats) };
    messages.replaceChildren(); // "not available" of a seat the code has just opened
    const indices = opened.seats.map((id) => model.indexOf(id)).filter((i): i is number => i !== undefined);
    reopen(indices);
    list?.refresh(indices);
    widget.refreshActive();
    widget.redraw();
    return indices.filter((i) => model.status[i] === Status.Available).length;
  });
  replace(
    main,
    heading(`${t('seats.title')}: ${event.title}`),
    messages,
    h('div', { class: 'seat-layout' },
      h('div', { class: 'map-column' },
        h('div', { class: 'map-tools' }, zoomIn, zoomOut, reset, viewToggle),
        mapHost,
        listHost,
        legend,
        access.element,
        liveState),
      panel),
  );

  const say = (kind: 'error' | 'info' | 'warning' | 'success', text: string) => {
    replace(messages, notice(kind, text));
  };

  // The map is shown first: the browser paints this frame (the map, its tools and legend) before
  // the panel, the fan's hold and the live feed are made, which on a slow phone takes as long
  // again (storage, forms, the page's layout).
  await painted();

  // The hold, when the fan has one for this event; otherwise the selection.
  let hold: Hold | null = null;
  const ref = currentHold();
  if (ref && ref.event_id === eventId && currentUser()) {
    try {
      hold = await get<Hold>(`/holds/${encodeURIComponent(ref.hold_id)}`);
      if (hold.status !== 'active') {
        if (hold.status === 'expired') {
          say('warning', t('basket.expired'));
          setSelection(eventId, hold.seats);
        }
        hold = null;
        setCurrentHold(null);
      }
    } catch {
      hold = null;
      setCurrentHold(null);
    }
  }

  const chooseContext: ChooseContext = {
    ...context,
    say,
    reserve: async (body) => {
      if (!currentUser()) return 'signin';
      if (unlocked && 'seats' in body) {
        // All of the code's seats (reserved with the code), or none of them.
        const opened = body.seats.filter((id) => unlocked?.seats.has(id)).length;
        if (opened === body.seats.length) body = { ...body, voucher: unlocked.code };
        else if (opened > 0) {
          say('warning', t('unlock.separate'));
          return 'error';
        }
      }
      const token = admission(eventId);
      try {
        const created = await post<Hold>('/holds', { event_id: eventId, ...body }, {
          headers: { 'Idempotency-Key': newKey('hold'), ...(token ? { 'X-Admission-Token': token } : {}) },
        });
        setCurrentHold(created);
        setSelection(eventId, []);
        showBasket(created);
        return 'ok';
      } catch (error) {
        if (error instanceof ApiError && error.code === 'admission_required') {
          setAdmission(eventId, null);
          replace(messages, notice('warning', t('seats.admissionNeeded')),
            link(`/event/${encodeURIComponent(eventId)}/queue`, t('queue.title'), { class: 'button' }));
          return 'error';
        }
        throw error;
      }
    },
  };
  const chooser = choosePanel(chooseContext);
  toggleSeat = (i) => chooser.toggle(i);

  const showBasket = (active: Hold) => {
    hold = active;
    for (let i = 0; i < model.count; i++) widget.setMine(i, false);
    for (const id of active.seats) widget.setMine(model.indexOf(id) ?? -1, true);
    replace(panel, basketPanel(context, active, {
      say,
      ended: (why, seats) => {
        hold = null;
        setCurrentHold(null);
        for (const id of seats) widget.setMine(model.indexOf(id) ?? -1, false);
        if (why === 'expired') {
          say('warning', t('basket.expired'));
          setSelection(eventId, seats.filter((id) => model.status[model.indexOf(id) ?? 0] === Status.Available));
        } else say('info', t('basket.released'));
        showChooser();
      },
    }));
  };
  const showChooser = () => {
    replace(panel, chooser.element);
    chooser.restore();
  };
  if (hold) showBasket(hold);
  else showChooser();

  // The list view: the same seats as buttons, section by section (for screen readers).
  let list: ReturnType<typeof seatList> | null = null;
  viewToggle.addEventListener('click', () => {
    const showList = listHost.hidden;
    listHost.hidden = !showList;
    mapHost.hidden = showList;
    viewToggle.setAttribute('aria-pressed', String(showList));
    viewToggle.textContent = showList ? t('seats.mapView') : t('seats.listView');
    if (showList && !list) {
      list = seatList(context, (i) => chooser.toggle(i));
      listHost.append(list.element);
    }
  });
  zoomIn.addEventListener('click', () => widget.zoom(1.5));
  zoomOut.addEventListener('click', () => widget.zoom(1 / 1.5));
  reset.addEventListener('click', () => widget.reset());
  const feed = new SeatFeed(eventId, () => model, {
    changed: (indices) => {
      reopen(indices);
      chooser.seatsChanged(indices);
      list?.refresh(indices);
      widget.refreshActive();
      widget.redraw();
    },
    relayout: () => navigate(location.pathname, true),
    state: (state) => {
      liveState.textContent = t(state === 'live' ? 'seats.live' : state === 'polling' ? 'seats.polling' : 'seats.offline');
      liveState.classList.toggle('offline', state === 'offline');
    },
  });

  return () => {
    feed.stop();
    widget.destroy();
    chooser.destroy();
  };
}

/** Runs `work` once the frame being prepared has been painted. */
function afterPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

/** Resolves once the frame being prepared has been painted. */
function painted(): Promise<void> {
  return new Promise((resolve) => afterPaint(resolve));
}

/**
 * The seat plan and its statuses, asked for together: the plan is the same for every visit
 * (the browser revalidates it by its ETag), the statuses are a letter per seat. When the plan
 * moved on between the two answers, the plan of the statuses' layout is asked for by number.
 */
async function loadSeatMap(eventId: string): Promise<{ plan: SeatPlan; statuses: SeatStatuses }> {
  const path = `/events/${encodeURIComponent(eventId)}/seatmap`;
  let [plan, statuses] = await Promise.all([get<SeatPlan>(`${path}/layout`), get<SeatStatuses>(`${path}?format=status`)]);
  if (plan.layout !== statuses.layout) plan = await get<SeatPlan>(`${path}/layout?v=${statuses.layout}`);
  if (plan.layout !== statuses.layout) statuses = await get<SeatStatuses>(`${path}?format=status`, { cache: 'no-cache' });
  return { plan, statuses };
}

/** Asks the waiting room about the fan's place (without joining again: that would queue an
 *  expired place at the back) whether they are admitted. */
async function admitted(eventId: string): Promise<boolean> {
  const id = queueId(eventId);
  if (!id) return false;
  try {
    const place = await get<QueueState>(`/events/${encodeURIComponent(eventId)}/queue/${encodeURIComponent(id)}`);
    if (place.state === 'admitted' && place.admission_token) {
      setAdmission(eventId, place.admission_token, place.admission_expires_at);
      return true;
    }
  } catch (error) {
    announce(errorText(error));
  }
  return false;
}
