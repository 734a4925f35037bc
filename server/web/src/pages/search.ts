// SPDX-License-Identifier: GPL-3.0-or-later
// Find an event: text (accents and typos are the server's business), city, category, dates and
// "near me"; results page on with the server's cursor.
import { get } from '../api';
import { h, link, replace } from '../dom';
import { dateTime, money } from '../format';
import { t } from '../i18n';
import type { EventSummary } from '../types';
import { availabilityBadge, categoryName, errorText, heading, notice, zoneOfEvent } from './common';

const categories = ['concert', 'classical', 'jazz', 'opera', 'ballet', 'theatre', 'comedy', 'sport', 'family'];
const nearRadiusKm = 50;

function field(label: string, control: HTMLElement): HTMLElement {
  return h('label', { class: 'field' }, h('span', {}, label), control);
}

export function searchPage(main: HTMLElement, _params: Record<string, string>, query: URLSearchParams) {
  const q = h('input', { type: 'search', name: 'q', value: query.get('q') ?? '', autocomplete: 'off' });
  const city = h('input', { type: 'text', name: 'city', value: query.get('city') ?? '' });
  const category = h('select', { name: 'category' }, h('option', { value: '' }, t('search.anyCategory')));
  for (const c of categories)
    category.append(h('option', { value: c, selected: query.get('category') === c }, categoryName(c)));
  const from = h('input', { type: 'date', name: 'from', value: query.get('from') ?? '' });
  const to = h('input', { type: 'date', name: 'to', value: query.get('to') ?? '' });
  const near = h('input', { type: 'checkbox', name: 'near', checked: query.get('near') === '1' });
  const form = h(
    'form',
    { class: 'search-form', role: 'search' },
    field(t('search.query'), q),
    h('div', { class: 'filters' },
      field(t('search.city'), city),
      field(t('search.category'), category),
      field(t('search.from'), from),
      field(t('search.to'), to),
      h('label', { class: 'check' }, near, h('span', {}, t('search.near')))),
    h('button', { type: 'submit', class: 'button primary' }, t('search.submit')),
  );
  const status = h('p', { class: 'result-count', role: 'status' });
  const list = h('ul', { class: 'event-list' });
  const more = h('button', { type: 'button', class: 'button', hidden: true }, t('search.more'));
  replace(main, heading(t('search.title')), form, status, list, more);

  let cursor: string | null = null;
  let shown = 0;
  let position: { lat: number; lng: number } | null = null;

  const params = (): URLSearchParams => {
    const p = new URLSearchParams();
    const text = [q.value.trim(), city.value.trim()].filter(Boolean).join(' ');
    if (text) p.set('q', text);
    if (category.value) p.set('category', category.value);
    if (from.value) p.set('from', new Date(`${from.value}T00:00:00`).toISOString());
    if (to.value) p.set('to', new Date(`${to.value}T23:59:59`).toISOString());
    if (position) {
      p.set('near', `${position.lat.toFixed(4)},${position.lng.toFixed(4)}`);
      p.set('radius_km', String(nearRadiusKm));
    }
    p.set('limit', '12');
    return p;
  };

  const load = async (append: boolean) => {
    const p = params();
    if (append && cursor) p.set('cursor', cursor);
    more.disabled = true;
    try {
      const answer = await get<{ items: EventSummary[]; next_cursor: string | null }>(`/events?${p}`);
      if (!append) {
        list.replaceChildren();
        shown = 0;
      }
      for (const event of answer.items) list.append(eventCard(event));
      shown += answer.items.length;
      cursor = answer.next_cursor;
      more.hidden = !cursor;
      status.textContent = shown ? t('search.results', { count: shown }) : t('search.none');
    } catch (error) {
      list.replaceChildren(h('li', {}, notice('error', errorText(error))));
    } finally {
      more.disabled = false;
    }
  };

  const locate = (): Promise<void> =>
    new Promise((resolve) => {
      if (!near.checked || !navigator.geolocation) {
        position = null;
        resolve();
        return;
      }
      // The browser asks the fan for consent; a refusal just leaves the filter off.
      navigator.geolocation.getCurrentPosition(
        (p) => {
          position = { lat: p.coords.latitude, lng: p.coords.longitude };
          status.textContent = t('search.nearOn', { km: nearRadiusKm });
          resolve();
        },
        () => {
          position = null;
          near.checked = false;
          form.after(notice('warning', t('search.nearDenied')));
          resolve();
        },
        { timeout: 10000, maximumAge: 600000 },
      );
    });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const shown = new URLSearchParams();
    for (const [name, value] of [['q', q.value], ['city', city.value], ['category', category.value], ['from', from.value], ['to', to.value]])
      if (value) shown.set(name, value);
    if (near.checked) shown.set('near', '1');
    history.replaceState(null, '', `/${shown.size ? `?${shown}` : ''}`);
    await locate();
    await load(false);
  });
  more.addEventListener('click', () => void load(true));
  void locate().then(() => load(false));
}

function eventCard(event: EventSummary): HTMLElement {
  const zone = zoneOfEvent(event);
  const place = [event.venue.name, event.venue.city].filter(Boolean).join(', ');
  return h(
    'li',
    { class: 'event-card' },
    h('h2', {}, link(`/event/${encodeURIComponent(event.id)}`, event.title)),
    h('p', { class: 'when' }, h('time', { datetime: event.starts_at }, dateTime(event.starts_at, zone))),
    h('p', { class: 'where' }, place),
    h('p', { class: 'meta' },
      h('span', { class: 'badge' }, categoryName(event.category)),
      availabilityBadge(event),
      event.queue_enabled ? h('span', { class: 'badge badge-queue' }, t('queue.title')) : null,
      event.min_price_cents > 0
        ? h('span', { class: 'price' }, t('search.fromPrice', { price: money(event.min_price_cents, event.currency) }))
        : null),
  );
}
