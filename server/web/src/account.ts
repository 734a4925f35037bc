// SPDX-License-Identifier: GPL-3.0-or-later
// E-mail verification and password reset: the API calls. Links carry their token in the URL's
// fragment (#token=...), which the browser never sends to a server or in a Referer.
import { post } from './api';
import { loadSession, signedIn, type SignedIn } from './session';

/** The token of a mailed link, read once and then removed from the address bar and history. */
export function takeLinkToken(): string {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  return token;
}

export async function verifyEmail(token: string): Promise<void> {
  await post('/auth/verify', { token });
  await loadSession(true).catch(() => null);
}

/** True when a new link was queued; false when one went out moments ago. */
export async function resendVerification(): Promise<boolean> {
  const answer = await post<{ status: string }>('/auth/verification');
  return answer.status === 'queued';
}

export async function requestPasswordReset(email: string): Promise<void> {
  await post('/auth/password-reset', { email });
}

/** Sets the new password; the answer signs this browser in (every other session ends). */
export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  await signedIn(await post<SignedIn>('/auth/password-reset/confirm', { token, password }));
}
