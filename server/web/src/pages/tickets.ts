// SPDX-License-Identifier: GPL-3.0-or-later
// My tickets: every valid ticket of the fan's paid orders and those passed on to them; each can
// be passed on by e-mail (a form, then a confirmation), and a pending transfer withdrawn.
import { get } from '../api';
import { h, replace } from '../dom';
import { dateTime } from '../format';
import { t } from '../i18n';
import { qrCanvas } from '../qr';
import { currentUser, loadSession } from '../session';
import {
  cancelOffer, myTransfers, offerTicket, type PendingTransfer, type TicketPlace,
} from '../transfers';
import type { Order, Ticket } from '../types';
import { heading, notice, showError } from './common';
import { loadEvent } from './event';
import { signInPanel } from './signin';
import { transferErrorText } from './transferrefusal';

interface Row {
  ticketId: string;
  title: string;
  when: string;
  place: string;
  code: string;
  received: boolean;
}

function placeText(place: TicketPlace): string {
  if (place.area) return place.area;
  return t('tickets.seat', { section: place.section ?? '', row: place.row ?? '', number: place.number ?? '' });
}

export async function ticketsPage(main: HTMLElement): Promise<void> {
  await loadSession().catch(() => null);
  const title = heading(t('tickets.title'));
  if (!currentUser()) {
    replace(main, title, notice('info', t('tickets.signin')), signInPanel(() => void ticketsPage(main)));
    return;
  }
  const rows: Row[] = [];
  let pending: PendingTransfer[] = [];
  try {
    const [orders, transfers] = await Promise.all([
      get<{ items?: Order[] }>('/me/orders'),
      myTransfers(),
    ]);
    pending = transfers.offered;
    for (const order of orders.items ?? []) {
      if (order.status !== 'paid') continue;
      const event = await loadEvent(order.event_id).catch(() => null);
      for (const ticket of order.tickets as Ticket[]) {
        if (ticket.status !== 'valid' || ticket.transferred) continue;
        rows.push({
          ticketId: ticket.ticket_id,
          title: event?.title ?? '',
          when: event ? dateTime(event.starts_at, event.time_zone) : '',
          place: ticket.seat_id ?? ticket.ga_id ?? '',
          code: ticket.code,
          received: false,
        });
      }
    }
    for (const ticket of transfers.received)
      rows.push({
        ticketId: ticket.ticket_id,
        title: ticket.event_title,
        when: dateTime(ticket.starts_at),
        place: placeText(ticket.place),
        code: ticket.code,
        received: true,
      });
  } catch (error) {
    showError(main, error, () => void ticketsPage(main));
    return;
  }
  const list = h('ul', { class: 'tickets' });
  for (const row of rows) {
    const offer = pending.find((p) => p.ticket_id === row.ticketId);
    list.append(await ticketItem(row, offer, () => void ticketsPage(main)));
  }
  replace(main, title, rows.length ? list : h('p', {}, t('tickets.none')));
}

async function ticketItem(row: Row, offer: PendingTransfer | undefined, reload: () => void): Promise<HTMLElement> {
  const label = `${row.title} ${row.place}`;
  const actions = h('div', { class: 'transfer' });
  const item = h('li', { class: 'ticket', 'data-ticket': row.ticketId },
    await qrCanvas(row.code, label),
    h('h2', {}, row.title),
    h('p', {}, row.when),
    h('p', { class: 'ticket-seat' }, row.place),
    row.received ? h('p', { class: 'badge' }, t('tickets.received')) : null,
    actions);
  if (offer) pendingState(actions, row, offer, reload);
  else startButton(actions, row, reload);
  return item;
}

function startButton(actions: HTMLElement, row: Row, reload: () => void): void {
  const start = h('button', { type: 'button', class: 'button' }, t('transfer.action'));
  start.addEventListener('click', () => emailForm(actions, row, reload));
  replace(actions, start);
}

function emailForm(actions: HTMLElement, row: Row, reload: () => void): void {
  const id = `transfer-${row.ticketId}`;
  const email = h('input', { id, type: 'email', name: 'email', autocomplete: 'off', required: true });
  const back = h('button', { type: 'button', class: 'link-button' }, t('transfer.back'));
  back.addEventListener('click', () => startButton(actions, row, reload));
  const form = h('form', { class: 'transfer-form', novalidate: true },
    h('label', { for: id }, t('transfer.email')), email,
    h('button', { type: 'submit', class: 'button primary' }, t('transfer.next')), back);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!email.checkValidity() || !email.value.trim()) {
      form.append(notice('error', t('transfer.badEmail')));
      email.focus();
      return;
    }
    confirmStep(actions, row, email.value.trim(), reload);
  });
  replace(actions, form);
  email.focus();
}

function confirmStep(actions: HTMLElement, row: Row, email: string, reload: () => void): void {
  const send = h('button', { type: 'button', class: 'button primary' }, t('transfer.send'));
  const back = h('button', { type: 'button', class: 'button' }, t('transfer.back'));
  back.addEventListener('click', () => startButton(actions, row, reload));
  send.addEventListener('click', async () => {
    send.disabled = true;
    try {
      const offer = await offerTicket(row.ticketId, email);
      pendingState(actions, row, offer, reload);
      actions.prepend(notice('success', t('transfer.sent', { email })));
    } catch (error) {
      send.disabled = false;
      actions.append(notice('error', transferErrorText(error)));
    }
  });
  replace(actions, h('p', {}, t('transfer.confirm', { email })), send, back);
  send.focus();
}

function pendingState(actions: HTMLElement, row: Row, offer: PendingTransfer, reload: () => void): void {
  const withdraw = h('button', { type: 'button', class: 'button' }, t('transfer.withdraw'));
  withdraw.addEventListener('click', async () => {
    withdraw.disabled = true;
    try {
      await cancelOffer(row.ticketId);
      startButton(actions, row, reload);
      actions.prepend(notice('success', t('transfer.withdrawn')));
      actions.querySelector('button')?.focus();
    } catch (error) {
      withdraw.disabled = false;
      actions.append(notice('error', transferErrorText(error)));
    }
  });
  replace(actions,
    notice('info', t('transfer.pending', { email: offer.email, until: dateTime(offer.expires_at) })),
    withdraw);
}
