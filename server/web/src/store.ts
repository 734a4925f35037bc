// SPDX-License-Identifier: GPL-3.0-or-later
// What the shop remembers for this tab: the seats picked before signing in and the current
// hold's id (sessionStorage: ids only, no token or personal data), and admission tokens
// (memory only: after a reload the waiting room hands the same one out again).
import type { Hold } from './types';

const selectionKey = (eventId: string) => `boxoffice.selection.${eventId}`;
const holdKey = 'boxoffice.hold';

function read<T>(key: string, fallback: T): T {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode without storage: the basket lives as long as the page.
  }
}

export function selection(eventId: string): string[] {
  const ids = read<unknown>(selectionKey(eventId), []);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

export function setSelection(eventId: string, ids: string[]): void {
  write(selectionKey(eventId), ids.length ? ids : null);
}

export interface HoldRef {
  hold_id: string;
  event_id: string;
}

export function currentHold(): HoldRef | null {
  const hold = read<HoldRef | null>(holdKey, null);
  return hold && typeof hold.hold_id === 'string' ? hold : null;
}

export function setCurrentHold(hold: Hold | null): void {
  write(holdKey, hold ? { hold_id: hold.hold_id, event_id: hold.event_id } : null);
}

const admissions = new Map<string, { token: string; expiresAt: number }>();

export function admission(eventId: string): string | undefined {
  const entry = admissions.get(eventId);
  if (!entry) return undefined;
  if (entry.expiresAt && entry.expiresAt < Date.now()) {
    admissions.delete(eventId);
    return undefined;
  }
  return entry.token;
}

export function setAdmission(eventId: string, token: string | null, expiresAt?: string): void {
  if (!token) admissions.delete(eventId);
  else admissions.set(eventId, { token, expiresAt: expiresAt ? Date.parse(expiresAt) : 0 });
}

const queueKey = (eventId: string) => `boxoffice.queue.${eventId}`;

/** The fan's waiting-room place id for an event (to ask whether an admission lapsed). */
export function queueId(eventId: string): string | null {
  const id = read<unknown>(queueKey(eventId), null);
  return typeof id === 'string' ? id : null;
}

export function setQueueId(eventId: string, id: string | null): void {
  write(queueKey(eventId), id);
}
