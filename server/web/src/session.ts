// SPDX-License-Identifier: GPL-3.0-or-later
// Who is signed in. The server keeps the session in an HttpOnly cookie; the shop only asks
// GET /me and never holds the token.
import { ApiError, get, post } from './api';
import { language } from './i18n';
import type { SessionUser } from './types';
import { ws } from './ws';

let user: SessionUser | null = null;
let loaded: Promise<SessionUser | null> | null = null;
const listeners = new Set<(user: SessionUser | null) => void>();

export function currentUser(): SessionUser | null {
  return user;
}

export function loadSession(force = false): Promise<SessionUser | null> {
  if (!loaded || force) {
    loaded = get<SessionUser>('/me')
      .then((answer) => answer)
      .catch((error) => {
        if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
        throw error;
      })
      .then((answer) => {
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

export async function signIn(email: string, password: string): Promise<void> {
  await post('/auth/login', { email, password });
  await loadSession(true);
}

export async function signUp(email: string, password: string, name: string): Promise<void> {
  await post('/auth/register', { email, password, name, locale: language() });
  await loadSession(true);
}

export async function signOut(): Promise<void> {
  try {
    await post('/auth/logout');
  } finally {
    await loadSession(true).catch(() => setUser(null));
  }
}
