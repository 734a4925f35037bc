// SPDX-License-Identifier: GPL-3.0-or-later
// Who is signed in. The server keeps the session in an HttpOnly cookie; the shop only asks
// GET /me and never holds the token. Script cannot see that cookie, so signing in also notes
// in localStorage until when the cookie lasts (its Max-Age is the token's `expires_in`): a fan
// without that note has no session to ask about, and the first load asks nothing (no 401).
import { ApiError, get, post } from './api';
import { language } from './i18n';
import type { SessionUser } from './types';
import { ws } from './ws';

const markerKey = 'boxoffice.sessionUntil';
let untilInPage = 0; // the same note for this page, should storage refuse it

let user: SessionUser | null = null;
let loaded: Promise<SessionUser | null> | null = null;
const listeners = new Set<(user: SessionUser | null) => void>();

export function currentUser(): SessionUser | null {
  return user;
}

export function loadSession(force = false): Promise<SessionUser | null> {
  if (!loaded || force) {
    const ask: Promise<SessionUser | null> = hasSessionMarker()
      ? get<SessionUser>('/me').catch((error) => {
          if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
            clearSessionMarker(); // the cookie is gone or no longer valid
            return null;
          }
          throw error;
        })
      : Promise.resolve(null);
    loaded = ask.then((answer) => {
      setUser(answer);
      return answer;
    });
  }
  return loaded;
}

export function onSessionChange(listener: (user: SessionUser | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setUser(next: SessionUser | null): void {
  const changed = (next?.sub ?? null) !== (user?.sub ?? null);
  user = next;
  if (changed) {
    ws.reconnect(); // the socket authenticates with the new cookie
    for (const listener of [...listeners]) listener(user);
  }
}

export interface SignedIn {
  expires_in?: number;
}

/** A route's answer that signed this browser in (its cookie set): note the session, load it. */
export async function signedIn(answer: SignedIn | undefined): Promise<void> {
  setSessionMarker(answer);
  await loadSession(true);
}

export async function signIn(email: string, password: string): Promise<void> {
  await signedIn(await post<SignedIn>('/auth/login', { email, password }));
}

export async function signUp(email: string, password: string, name: string): Promise<void> {
  await signedIn(await post<SignedIn>('/auth/register', { email, password, name, locale: language() }));
}

export async function signOut(): Promise<void> {
  try {
    await post('/auth/logout');
    clearSessionMarker();
  } finally {
    await loadSession(true).catch(() => setUser(null));
  }
}

function setSessionMarker(answer: SignedIn | undefined): void {
  const seconds = Number(answer?.expires_in);
  // Without a lifetime the note stays until a 401 or signing out removes it.
  const until = Number.isFinite(seconds) && seconds > 0 ? Date.now() + seconds * 1000 : Number.MAX_SAFE_INTEGER;
  untilInPage = until;
  try {
    localStorage.setItem(markerKey, String(until));
  } catch {
    // Storage refused (private mode): only this page knows, until it is reloaded.
  }
}

function clearSessionMarker(): void {
  untilInPage = 0;
  try {
    localStorage.removeItem(markerKey);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

function hasSessionMarker(): boolean {
  let until = untilInPage;
  try {
    until = Math.max(until, Number(localStorage.getItem(markerKey)) || 0);
  } catch {
    return true; // storage unreadable: ask, as before the note existed
  }
  if (until > Date.now()) return true;
  if (until) clearSessionMarker(); // the cookie has run out too
  return false;
}
