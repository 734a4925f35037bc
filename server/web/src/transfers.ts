// SPDX-License-Identifier: GPL-3.0-or-later
// Passing a ticket on: the API calls (docs/web-shop.md "Passing a ticket on").
import { del, get, post } from './api';

export interface TicketPlace {
  section?: string;
  row?: string;
  number?: string;
  area?: string;
}

export interface PendingTransfer {
  ticket_id: string;
  email: string;
  created_at: string;
  expires_at: string;
}

export interface ReceivedTicket {
  ticket_id: string;
  event_id: string;
  event_title: string;
  starts_at: string;
  code: string;
  place: TicketPlace;
}

export interface TransferOffer {
  ticket_id: string;
  event_title: string;
  starts_at: string;
  from: string;
  /** The address it was offered to: only that address's account can accept it. */
  to: string;
  place: TicketPlace;
}

export const myTransfers = () =>
  get<{ offered: PendingTransfer[]; received: ReceivedTicket[] }>('/me/transfers');
export const offerTicket = (ticketId: string, email: string) =>
  post<PendingTransfer>(`/tickets/${encodeURIComponent(ticketId)}/transfer`, { email });
export const cancelOffer = (ticketId: string) =>
  del<void>(`/tickets/${encodeURIComponent(ticketId)}/transfer`);
export const lookUpOffer = (token: string) => post<TransferOffer>('/transfers/lookup', { token });
export const acceptOffer = (token: string) =>
  post<{ ticket_id: string; code: string }>('/transfers/accept', { token });
