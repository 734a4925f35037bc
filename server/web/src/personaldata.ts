// SPDX-License-Identifier: GPL-3.0-or-later
// A fan's own data: the download (GET /me/data) and the account's erasure (DELETE /me).
import { get, request } from './api';
import { loadSession } from './session';

/** Everything the server holds about the signed-in fan, as the JSON document it answers. */
export async function downloadMyData(): Promise<Blob> {
  const data = await get<unknown>('/me/data');
  return new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
}

/** Erases the account (the password re-entered); this browser is signed out with it. */
export async function deleteMyAccount(password: string): Promise<void> {
  await request('DELETE', '/me', { body: { password } });
  await loadSession(true).catch(() => null);
}
