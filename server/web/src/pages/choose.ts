// SPDX-License-Identifier: GPL-3.0-or-later
// The side panel while choosing: the fan's selection (with the per-fan limit shown before it is
// hit), "Reserve", best available by section and quantity, and standing (GA) tickets.
import { ApiError } from '../api';
import { announce, h, replace } from '../dom';
import { money } from '../format';
import { t } from '../i18n';
import { Status } from '../seatmap/model';
import { selection, setSelection } from '../store';
import { errorText } from './common';
import type { SeatPageContext } from './seats';
import { signInPanel } from './signin';

export type ReserveBody =
  | { seats: string[]; voucher?: string }
  | { section: string; quantity: number }
  | { ga: string; quantity: number };

export interface ChooseContext extends SeatPageContext {
  say(kind: 'error' | 'info' | 'warning' | 'success', text: string): void;
  /** Makes the hold; 'signin' when the fan must sign in first. */
  reserve(body: ReserveBody): Promise<'ok' | 'signin' | 'error'>;
}

/** The most seats one hold request may ask for (the server's limit, API.md "POST /holds"). */
const maxSeatsPerRequest = 50;

export function choosePanel(context: ChooseContext) {
  const { event, model, widget } = context;
  const limit = event.limits.max_seats_per_user;
  const picked: number[] = [];
  const element = h('div', { class: 'choose' });
  const count = h('p', { class: 'count', role: 'status' });
  const list = h('ul', { class: 'picked' });
  const reserveButton = h('button', { type: 'button', class: 'button primary big' });
  const clearButton = h('button', { type: 'button', class: 'button' }, t('seats.clear'));
  const authHost = h('div', { class: 'auth-host' });
  const hint = h('p', { class: 'hint' }, t('seats.pickHint'));
  let pendingReserve: ReserveBody | null = null;
  let reserving = false; // our own hold's deltas may arrive before its answer

  const save = () => setSelection(event.id, picked.map((i) => model.idOf(i)));
  const render = () => {
    list.replaceChildren();
    let total = 0;
    for (const i of picked) {
      total += model.price(i) ?? 0;
      const remove = h('button', { type: 'button', class: 'link-button', 'aria-label': `${t('basket.release')}: ${context.seatLabel(i)}` }, '×');
      remove.addEventListener('click', () => toggle(i));
      list.append(h('li', {}, h('span', {}, context.seatLabel(i)), h('span', { class: 'price' }, money(model.price(i) ?? 0, event.currency)), remove));
    }
    const left = limit - picked.length;
    count.textContent = `${t('seats.selected', { count: picked.length, limit })}${picked.length && left > 0 ? ' ' + t('seats.limitNear', { count: left }) : ''}${left <= 0 ? ' ' + t('seats.limitReached', { limit }) : ''}`;
    reserveButton.textContent = picked.length === 1 ? t('seats.reserveOne') : t('seats.reserve', { count: picked.length });
    if (picked.length) reserveButton.textContent += ` · ${money(total, event.currency)}`;
    reserveButton.hidden = picked.length === 0;
    clearButton.hidden = picked.length === 0;
    hint.hidden = picked.length > 0;
  };

  const toggle = (i: number) => {
    const at = picked.indexOf(i);
    const row = model.rowOf(i);
    const number = model.numberOf(i);
    if (at >= 0) {
      picked.splice(at, 1);
      widget.setMine(i, false);
      announce(t('seats.removed', { row, number }));
    } else if (model.status[i] !== Status.Available) {
      announce(t('seats.unavailable', { row, number }));
      context.say('info', t('seats.unavailable', { row, number }));
      return;
    } else if (picked.length >= limit) {
      announce(t('seats.limitReached', { limit }));
      context.say('warning', t('seats.limitReached', { limit }));
      return;
    } else {
      picked.push(i);
      widget.setMine(i, true);
      announce(t('seats.added', { row, number, price: money(model.price(i) ?? 0, event.currency) }));
    }
    save();
    render();
    widget.refreshActive();
  };

  const reserve = async (body: ReserveBody, button: HTMLButtonElement) => {
    button.disabled = true;
    reserving = true;
    try {
      const result = await context.reserve(body);
      if (result === 'signin') {
        pendingReserve = body;
        replace(authHost, h('p', { class: 'hint' }, t('seats.signinToReserve')), signInPanel(() => {
          authHost.replaceChildren();
          const again = pendingReserve;
          pendingReserve = null;
          if (again) void reserve(again, button);
        }));
        authHost.querySelector('input')?.focus();
      } else if (result === 'ok') {
        picked.length = 0;
      }
    } catch (error) {
      handleReserveError(error);
    } finally {
      reserving = false;
      button.disabled = false;
      if (element.isConnected) render();
    }
  };

  const handleReserveError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'seat_unavailable') {
      const taken = (error.problem.seats ?? []).map((id) => model.indexOf(id)).filter((i): i is number => i !== undefined);
      for (const i of taken) {
        if (model.status[i] === Status.Available) model.setStatus(model.idOf(i), 'held');
        const at = picked.indexOf(i);
        if (at >= 0) picked.splice(at, 1);
        widget.setMine(i, false);
      }
      save();
      const names = taken.map((i) => context.seatLabel(i)).join('; ');
      context.say('error', taken.length === 1 ? t('seats.taken', { seats: names }) : t('seats.takenMany', { count: taken.length, seats: names }));
      widget.redraw();
    } else if (error instanceof ApiError && error.code === 'limit_exceeded') {
      context.say('error', t('seats.limitReached', { limit: Number(error.problem.limit ?? limit) }));
    } else if (error instanceof ApiError && error.code === 'insufficient_capacity') {
      context.say('error', t('seats.insufficient'));
    } else {
      context.say('error', errorText(error));
    }
  };

  reserveButton.addEventListener('click', () => void reserve({ seats: picked.map((i) => model.idOf(i)) }, reserveButton));
  clearButton.addEventListener('click', () => {
    for (const i of picked) widget.setMine(i, false);
    picked.length = 0;
    save();
    render();
  });

  // Best available: the server picks adjacent seats in the section nearest the stage.
  const quantity = h('select', { id: 'best-quantity' });
  for (let n = 1; n <= Math.min(limit, maxSeatsPerRequest); n++) quantity.append(h('option', { value: n, selected: n === 2 }, String(n)));
  const section = h('select', { id: 'best-section' });
  const sections = [...model.sections].sort((a, b) => b.available - a.available);
  for (const s of sections) section.append(h('option', { value: s.id }, `${t('seats.bestSection')} ${s.id} (${s.available})`));
  const bestButton = h('button', { type: 'submit', class: 'button' }, t('seats.bestFind'));
  const best = h('form', { class: 'best' },
    h('h2', {}, t('seats.best')),
    h('label', { for: quantity.id }, t('seats.bestQuantity')), quantity,
    h('label', { for: section.id }, t('seats.bestSection')), section,
    bestButton);
  best.addEventListener('submit', (e) => {
    e.preventDefault();
    void reserve({ section: section.value, quantity: Number(quantity.value) }, bestButton);
  });

  // Standing areas: a quantity each.
  const ga = h('div', { class: 'ga' });
  for (const area of context.ga) {
    const input = h('input', { type: 'number', min: 1, max: Math.max(1, Math.min(limit, area.available)), value: 1, id: `ga-${area.id}` });
    const button = h('button', { type: 'submit', class: 'button', disabled: area.available === 0 }, t('seats.gaAdd'));
    const form = h('form', { class: 'ga-area' },
      h('label', { for: input.id }, `${t('seats.gaQuantity', { name: area.name })} (${t('seats.gaAvailable', { count: area.available })})`),
      input, button);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void reserve({ ga: area.id, quantity: Number(input.value) }, button);
    });
    ga.append(form);
  }

  replace(element,
    h('h2', {}, t('basket.title')),
    count, hint, list, reserveButton, clearButton, authHost,
    model.sections.length ? best : null,
    ga.childElementCount ? h('h2', {}, t('seats.ga')) : null, ga);

  return {
    element,
    toggle: (i: number) => toggle(i),
    /** Re-reads the kept selection (after the basket closed, or on page load). */
    restore() {
      for (const i of picked) widget.setMine(i, false);
      picked.length = 0;
      for (const id of selection(event.id)) {
        const i = model.indexOf(id);
        if (i !== undefined && model.status[i] === Status.Available && picked.length < limit) {
          picked.push(i);
          widget.setMine(i, true);
        }
      }
      save();
      render();
    },
    /** Live changes: a picked seat someone else took is dropped, with a message. */
    seatsChanged(indices: number[]) {
      if (reserving) return;
      const lost = indices.filter((i) => picked.includes(i) && model.status[i] !== Status.Available);
      if (!lost.length) return;
      for (const i of lost) {
        picked.splice(picked.indexOf(i), 1);
        widget.setMine(i, false);
      }
      save();
      render();
      const names = lost.map((i) => context.seatLabel(i)).join('; ');
      context.say('error', lost.length === 1 ? t('seats.taken', { seats: names }) : t('seats.takenMany', { count: lost.length, seats: names }));
    },
    destroy() {},
  };
}
