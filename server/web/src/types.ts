// SPDX-License-Identifier: GPL-3.0-or-later
// The shapes of the server's answers that the shop uses (see API.md).

export interface Venue {
  id: string;
  name: string;
  city: string;
  lat: number | null;
  lng: number | null;
  time_zone?: string;
}

export interface Category {
  id: string;
  name: string;
  color: string;
  price_cents: number;
}

export interface EventSummary {
  id: string;
  title: string;
  category: string;
  starts_at: string;
  on_sale_at: string;
  time_zone?: string;
  venue: Venue;
  artists: { id: string; name: string }[];
  sale_conditions: string;
  min_price_cents: number;
  currency: string;
  availability: 'available' | 'few' | 'sold_out';
  queue_enabled: boolean;
}

export interface EventDetail extends EventSummary {
  categories: Category[];
  limits: { max_seats_per_user: number; hold_seconds: number; max_holds_per_user?: number };
  waiting_list?: { enabled: boolean; offer_minutes: number };
}

export type SeatStatus = 'available' | 'held' | 'sold' | 'blocked';

export interface GaArea {
  id: string;
  name: string;
  capacity: number;
  available: number;
  category?: string;
}

/** GET /events/{id}/seatmap/layout: the map's fixed part, one array per field. */
export interface SeatPlan {
  event_id: string;
  layout: number;
  sections: string[];
  rows: string[];
  categories: (string | null)[];
  /**
   * Seat i is id[i] (or, with `id_pattern`, "<section>-<row>-<number>"); the runs name positions
   * in the tables above as (position, count) pairs in seat order; numbers are numbers when all
   * are plain integers.
   */
  seats: {
    id?: string[];
    id_pattern?: string;
    section_runs: number[];
    row_runs: number[];
    number: (string | number)[];
    x: number[];
    y: number[];
    category_runs: number[];
  };
  ga: { id: string; name: string; capacity: number }[];
}

/** GET /events/{id}/seatmap?format=status: a letter per seat of the plan (a h s b). */
export interface SeatStatuses {
  event_id: string;
  version: number;
  layout: number;
  status: string;
  ga: { id: string; available: number }[];
}

export interface Hold {
  hold_id: string;
  event_id: string;
  seats: string[];
  ga: { id: string; quantity: number } | null;
  expires_at: string;
  status: 'active' | 'released' | 'expired' | 'ordered';
}

export interface Ticket {
  ticket_id: string;
  event_id: string;
  seat_id: string | null;
  ga_id: string | null;
  code: string;
  price_cents?: number;
  status: 'valid' | 'void';
  /** Passed on to another fan: the code is theirs (empty here). */
  transferred?: boolean;
}

export interface Order {
  order_id: string;
  hold_id: string;
  event_id: string;
  status: 'pending' | 'paid' | 'failed' | 'expired' | 'refunded' | 'cancelled';
  amount_cents: number;
  currency: string;
  payment: {
    provider: string | null;
    intent_id?: string;
    client_secret?: string;
    status?: string;
    page_url?: string;
  };
  tickets: Ticket[];
  created_at: string;
  event?: { title?: string; starts_at?: string; time_zone?: string };
}

/** A ticket type of an event (GET /events/{id}/pricing; docs/pricing.md). */
export interface TicketType {
  id: string;
  name: string;
  category: string | null;
  channels: string[];
  price_cents?: number;
  delta_cents?: number;
  max_per_order: number | null;
}

export interface PriceRules {
  ticket_types: TicketType[];
  tax: { name: string; rate_percent: number; included: boolean };
}

export interface PriceLine {
  kind: 'ticket' | 'ticket_fee' | 'order_fee';
  place?: string;
  type?: string;
  type_name?: string;
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  discount_cents?: number;
}

/** What the hold will cost, line by line (GET /holds/{id}/quote). */
export interface Quote {
  lines: PriceLine[];
  face_cents: number;
  fee_cents: number;
  tax_cents: number;
  total_cents: number;
  discount_cents: number;
  voucher: string | null;
}

export interface QueueState {
  queue_id: string;
  state: 'waiting' | 'admitted' | 'expired' | string;
  position: number;
  ahead: number;
  eta_seconds: number | null;
  retry_after?: number;
  admission_token?: string;
  admission_expires_at?: string;
}

export interface SessionUser {
  sub: string;
  role: string;
  email?: string;
  name?: string;
  locale?: string;
  /** Fans: whether they followed a mailed link; staff: null. */
  email_verified?: boolean | null;
}

/** GET /orders/{id}/invoices (docs/pricing.md "Invoices"). */
export interface InvoiceList {
  invoices: {
    number: string;
    kind: 'invoice' | 'cancellation';
    cancels?: string;
    issued_at: string;
    amount_cents: number;
    tax_cents: number;
    currency: string;
    company: string;
  }[];
}
