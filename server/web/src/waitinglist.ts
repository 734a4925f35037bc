// SPDX-License-Identifier: GPL-3.0-or-later
// The waiting list: the API calls (docs/waiting-list.md).
import { del, get, post } from './api';

export interface WaitingOffer {
  hold_id: string;
  seats: string[];
  expires_at: string;
}

export interface WaitingPlace {
  event_id: string;
  event_title: string;
  starts_at: string;
  position: number | null;
  quantity: number;
  categories: string[];
  state: 'waiting' | 'offered' | 'bought' | 'lapsed' | 'declined' | 'left';
  joined_at: string;
  offer: WaitingOffer | null;
}

export const myPlaces = () => get<{ places: WaitingPlace[] }>('/me/waiting-list');
export const joinList = (eventId: string, quantity: number, categories: string[]) =>
  post<WaitingPlace>(`/events/${encodeURIComponent(eventId)}/waiting-list`,
    categories.length ? { quantity, categories } : { quantity });
export const leaveList = (eventId: string) => del<void>(`/me/waiting-list/${encodeURIComponent(eventId)}`);
export const declineOffer = (eventId: string) =>
  post<void>(`/me/waiting-list/${encodeURIComponent(eventId)}/decline`);

/** The fan's live place on `eventId` (waiting or offered), if any. */
export async function livePlace(eventId: string): Promise<WaitingPlace | undefined> {
  const { places } = await myPlaces();
  return places.find((p) => p.event_id === eventId && (p.state === 'waiting' || p.state === 'offered'));
}
