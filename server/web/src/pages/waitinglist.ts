// SPDX-License-Identifier: GPL-3.0-or-later
// The waiting list in the shop: the panel on a sold-out event's page (join: how many seats,
// which categories; "You are number N"; leave) and the offer page the offer mail links to
// (/account/waiting-list/:id), which opens the offer's hold as the basket or passes it on.
import { ApiError } from '../api';
import { announce, h, link, replace } from '../dom';
import { countdown } from '../format';
import { t, type MessageKey } from '../i18n';
import { navigate } from '../router';
import { currentUser, loadSession } from '../session';
import { setCurrentHold } from '../store';
import type { EventDetail, Hold } from '../types';
import { declineOffer, joinList, leaveList, livePlace, myPlaces, type WaitingPlace } from '../waitinglist';
import { errorText, heading, notice, showError } from './common';
import { loadEvent } from './event';

function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `waiting.error.${error.code}`;
    if (key === 'waiting.error.waiting_list_off' || key === 'waiting.error.not_sold_out'
      || key === 'waiting.error.already_waiting')
      return t(key as MessageKey);
  }
  return errorText(error);
}

const offerPath = (eventId: string) => `/account/waiting-list/${encodeURIComponent(eventId)}`;

/** The event page's waiting-list section (only when the organiser switched it on). */
export function waitingListPanel(event: EventDetail): HTMLElement | null {
  if (!event.waiting_list?.enabled) return null;
  const section = h('section', { class: 'waiting-list', 'aria-labelledby': 'waiting-title' });
  const body = h('div', {});
  const message = h('div', { 'aria-live': 'polite' });
  replace(section, h('h2', { id: 'waiting-title' }, t('waiting.title')), body, message);
  void showPanel(event, body, message);
  return section;
}

async function showPanel(event: EventDetail, body: HTMLElement, message: HTMLElement): Promise<void> {
  await loadSession().catch(() => null);
  const signedIn = !!currentUser();
  let place: WaitingPlace | undefined;
  if (signedIn) place = await livePlace(event.id).catch(() => undefined);
  if (place?.state === 'offered') {
    replace(body, notice('success', t('waiting.offerReady')),
      link(offerPath(event.id), t('waiting.seeOffer'), { class: 'button primary big' }));
    return;
  }
  if (place?.state === 'waiting') {
    const leave = h('button', { type: 'button', class: 'button' }, t('waiting.leave'));
    leave.addEventListener('click', async () => {
      leave.disabled = true;
      try {
        await leaveList(event.id);
        replace(message, notice('info', t('waiting.left')));
        void showPanel(event, body, message);
      } catch (error) {
        leave.disabled = false;
        replace(message, notice('error', refusalText(error)));
      }
    });
    replace(body,
      h('p', { class: 'waiting-position' },
        t('waiting.position', { position: place.position ?? 1, count: place.quantity })),
      leave);
    return;
  }
  if (event.availability !== 'sold_out') {
    replace(body);
    return;
  }
  if (!signedIn) {
    replace(body, h('p', {}, t('waiting.intro')),
      link(`/signin?next=${encodeURIComponent(location.pathname)}`, t('waiting.signIn'), { class: 'button' }));
    return;
  }
  const max = event.limits.max_seats_per_user;
  const quantity = h('input', {
    id: 'waiting-quantity', type: 'number', min: 1, max, value: 1, inputmode: 'numeric', required: true,
  });
  const boxes = event.categories.map((c) =>
    h('label', { class: 'check' }, h('input', { type: 'checkbox', value: c.id }), ` ${c.name}`));
  const join = h('button', { type: 'submit', class: 'button primary' }, t('waiting.join'));
  const form = h('form', { class: 'waiting-form', novalidate: true },
    h('p', {}, t('waiting.intro')),
    h('label', { for: 'waiting-quantity' }, t('waiting.quantity')), quantity,
    event.categories.length > 1
      ? h('fieldset', {}, h('legend', {}, t('waiting.categories')), ...boxes)
      : null,
    join);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const count = Number(quantity.value);
    if (!Number.isInteger(count) || count < 1 || count > max) {
      replace(message, notice('error', t('waiting.error.quantity', { max })));
      quantity.focus();
      return;
    }
    const categories = boxes
      .map((b) => b.querySelector('input')!)
      .filter((input) => input.checked)
      .map((input) => input.value);
    join.disabled = true;
    try {
      await joinList(event.id, count, categories);
      replace(message, notice('success', t('waiting.joined')));
      announce(t('waiting.joined'));
      void showPanel(event, body, message);
    } catch (error) {
      join.disabled = false;
      replace(message, notice('error', refusalText(error)));
    }
  });
  replace(body, form);
}

/** /account/waiting-list/:id: the fan's place and offer for one event. */
export async function waitingOfferPage(main: HTMLElement, params: Record<string, string>) {
  const eventId = params.id;
  replace(main, h('p', { class: 'loading' }, t('common.loading')));
  await loadSession().catch(() => null);
  if (!currentUser()) {
    replace(main, heading(t('waiting.offerTitle')),
      link(`/signin?next=${encodeURIComponent(location.pathname)}`, t('waiting.signIn'), { class: 'button primary' }));
    return;
  }
  let event: EventDetail;
  let places: WaitingPlace[];
  try {
    [event, { places }] = await Promise.all([loadEvent(eventId), myPlaces()]);
  } catch (error) {
    showError(main, error, () => void waitingOfferPage(main, params));
    return;
  }
  const place = places.find((p) => p.event_id === eventId);
  const back = link(`/event/${encodeURIComponent(eventId)}`, `← ${event.title}`, { class: 'back' });
  if (!place || place.state === 'left' || place.state === 'declined') {
    replace(main, back, heading(t('waiting.title')), notice('info', t('waiting.noPlace')));
    return;
  }
  if (place.state === 'waiting') {
    replace(main, back, heading(t('waiting.title')),
      h('p', { class: 'waiting-position' },
        t('waiting.position', { position: place.position ?? 1, count: place.quantity })));
    return;
  }
  if (place.state !== 'offered' || !place.offer) {
    replace(main, back, heading(t('waiting.title')),
      notice('info', t(place.state === 'bought' ? 'waiting.bought' : 'waiting.lapsed')));
    return;
  }
  const offer = place.offer;
  const timer = h('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' });
  const buy = h('button', { type: 'button', class: 'button primary big' }, t('waiting.buy'));
  const decline = h('button', { type: 'button', class: 'button' }, t('waiting.decline'));
  const message = h('div', { 'aria-live': 'polite' });
  replace(main, back, heading(t('waiting.offerTitle')),
    h('p', {}, t('waiting.offerIntro', { event: event.title })),
    timer,
    h('h2', {}, t('waiting.seats')),
    h('ul', { class: 'offer-seats' }, ...offer.seats.map((s) => h('li', {}, s))),
    h('div', { class: 'actions' }, buy, decline),
    message);
  const expiresAt = Date.parse(offer.expires_at);
  const tick = () => {
    if (!timer.isConnected) return;
    const left = (expiresAt - Date.now()) / 1000;
    if (left <= 0) {
      replace(main, back, heading(t('waiting.title')), notice('info', t('waiting.lapsed')));
      return;
    }
    timer.textContent = t('waiting.offerUntil', { time: countdown(left) });
    window.setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
  };
  tick();
  buy.addEventListener('click', () => {
    // The offer's hold is the basket: the seat page shows it with its countdown and checkout.
    setCurrentHold({ hold_id: offer.hold_id, event_id: eventId } as Hold);
    navigate(`/event/${encodeURIComponent(eventId)}/seats`);
  });
  decline.addEventListener('click', async () => {
    decline.disabled = true;
    buy.disabled = true;
    try {
      await declineOffer(eventId);
      replace(main, back, heading(t('waiting.title')), notice('success', t('waiting.declined')));
    } catch (error) {
      decline.disabled = false;
      buy.disabled = false;
      replace(message, notice('error', refusalText(error)));
    }
  });
}
