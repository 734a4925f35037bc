// SPDX-License-Identifier: GPL-3.0-or-later
// The event page: what, who, where, when (venue time), conditions, prices, queue, "Buy tickets".
import { get } from '../api';
import { h, link, replace } from '../dom';
import { dateTime, money } from '../format';
import { t } from '../i18n';
import type { EventDetail } from '../types';
import { availabilityBadge, categoryName, heading, notice, showError, zoneOfEvent } from './common';
import { waitingListPanel } from './waitinglist';

const cache = new Map<string, Promise<EventDetail>>();

/** The event, fetched once per page load (seat pages need it too). */
export function loadEvent(id: string): Promise<EventDetail> {
  if (!cache.has(id)) {
    const request = get<EventDetail>(`/events/${encodeURIComponent(id)}`);
    request.catch(() => cache.delete(id));
    cache.set(id, request);
  }
  return cache.get(id)!;
}

export async function eventPage(main: HTMLElement, params: Record<string, string>) {
  replace(main, h('p', { class: 'loading' }, t('common.loading')));
  let event: EventDetail;
  try {
    event = await loadEvent(params.id);
  } catch (error) {
    showError(main, error, () => void eventPage(main, params));
    return;
  }
  const zone = zoneOfEvent(event);
  const place = [event.venue.name, event.venue.city].filter(Boolean).join(', ');
  const buyPath = `/event/${encodeURIComponent(event.id)}/${event.queue_enabled ? 'queue' : 'seats'}`;
  const prices = h('ul', { class: 'prices' });
  for (const category of event.categories)
    prices.append(
      h('li', {},
        swatch(category.color),
        h('span', {}, category.name),
        h('span', { class: 'price' }, money(category.price_cents, event.currency))),
    );
  const details = h(
    'dl',
    { class: 'details' },
    h('dt', {}, t('event.date')),
    h('dd', {}, h('time', { datetime: event.starts_at }, dateTime(event.starts_at, zone))),
    h('dt', {}, t('event.venue')),
    h('dd', {}, place),
    event.artists.length ? h('dt', {}, t('event.artists')) : null,
    event.artists.length ? h('dd', {}, event.artists.map((a) => a.name).join(', ')) : null,
    event.sale_conditions ? h('dt', {}, t('event.conditions')) : null,
    event.sale_conditions ? h('dd', {}, event.sale_conditions) : null,
  );
  const onSale = Date.parse(event.on_sale_at) > Date.now();
  replace(
    main,
    link('/', `← ${t('common.back')}`, { class: 'back' }),
    heading(event.title),
    h('p', { class: 'meta' }, h('span', { class: 'badge' }, categoryName(event.category)), availabilityBadge(event)),
    details,
    zone ? h('p', { class: 'hint' }, t('event.localTime', { zone })) : null,
    h('h2', {}, t('event.prices')),
    prices,
    h('p', {}, t('event.limit', { count: event.limits.max_seats_per_user })),
    event.queue_enabled ? notice('info', t('event.queueOn')) : null,
    onSale
      ? notice('info', t('event.onSaleAt', { date: dateTime(event.on_sale_at, zone) }))
      : event.availability === 'sold_out'
        ? null
        : link(buyPath, t('event.buy'), { class: 'button primary big' }),
    onSale ? null : waitingListPanel(event),
  );
}

/** A colour sample (CSSOM, not a style attribute: the CSP allows no inline style). */
export function swatch(colour: string): HTMLElement {
  const element = h('span', { class: 'swatch', 'aria-hidden': 'true' });
  element.style.background = safeColour(colour);
  return element;
}

/** Category colours are data: only #rgb / #rrggbb pass into a style attribute. */
export function safeColour(colour: string): string {
  return /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(colour) ? colour : '#888888';
}
