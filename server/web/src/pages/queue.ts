// SPDX-License-Identifier: GPL-3.0-or-later
// The waiting room: join (the server keeps one place per fan and event, so a reload or a second
// tab finds the same place), follow `queue.update` pushes (REST polling while the socket is
// down), and continue with the admission token when admitted. A lapsed admission is explained.
import { get, post } from '../api';
import { announce, h, link, replace } from '../dom';
import { time } from '../format';
import { t } from '../i18n';
import { navigate } from '../router';
import { currentUser, loadSession } from '../session';
import { queueId, setAdmission, setQueueId } from '../store';
import type { QueueState } from '../types';
import { ws } from '../ws';
import { errorText, heading, notice, showError, zoneOfEvent } from './common';
import { loadEvent } from './event';
import { signInPanel } from './signin';

export async function queuePage(main: HTMLElement, params: Record<string, string>) {
  const eventId = params.id;
  let event;
  try {
    [event] = await Promise.all([loadEvent(eventId), loadSession()]);
  } catch (error) {
    showError(main, error, () => void queuePage(main, params));
    return;
  }
  const title = heading(`${t('queue.title')}: ${event.title}`);
  if (!currentUser()) {
    replace(main, title, notice('info', t('queue.signin')), signInPanel(() => void queuePage(main, params)));
    return;
  }
  if (!event.queue_enabled) {
    navigate(`/event/${encodeURIComponent(eventId)}/seats`, true);
    return;
  }
  const box = h('div', { class: 'queue-box', 'aria-live': 'polite' });
  const connection = h('p', { class: 'hint' });
  replace(main, title, box, connection, h('p', { class: 'hint' }, t('queue.keep')));

  let place: QueueState | null = null;
  let pollTimer = 0;
  let stopped = false;
  const zone = zoneOfEvent(event);
  const base = `/events/${encodeURIComponent(eventId)}/queue`;

  let lapseTimer = 0;
  const show = (next: QueueState) => {
    const before = place;
    place = next;
    if (next.queue_id) setQueueId(eventId, next.queue_id);
    window.clearTimeout(lapseTimer);
    if (next.state === 'admitted' && next.admission_token) {
      // Still here when the admission runs out: say so (the server answers "expired" then).
      const left = next.admission_expires_at ? Date.parse(next.admission_expires_at) - Date.now() : 0;
      if (left > 0) lapseTimer = window.setTimeout(() => show({ ...next, state: 'expired' }), left + 500);
      setAdmission(eventId, next.admission_token, next.admission_expires_at);
      const go = link(`/event/${encodeURIComponent(eventId)}/seats`, t('queue.continue'), { class: 'button primary big' });
      replace(
        box,
        notice('success', t('queue.admitted', { time: next.admission_expires_at ? time(next.admission_expires_at, zone) : '' })),
        go,
      );
      if (before?.state !== 'admitted') {
        announce(t('queue.continue'));
        go.focus();
      }
      return;
    }
    if (next.state === 'expired') {
      setAdmission(eventId, null);
      setQueueId(eventId, null);
      const again = h('button', { type: 'button', class: 'button primary' }, t('queue.rejoin'));
      again.addEventListener('click', () => navigate(location.pathname, true));
      replace(box, notice('warning', t('queue.lapsed')), again);
      return;
    }
    const minutes = next.eta_seconds === null ? null : Math.ceil(next.eta_seconds / 60);
    replace(
      box,
      h('p', { class: 'queue-position' }, t('queue.position', { position: next.position })),
      h('p', {}, next.ahead === 1 ? t('queue.aheadOne') : t('queue.ahead', { count: next.ahead })),
      h('p', {}, minutes === null ? '' : minutes <= 1 ? t('queue.etaSoon') : t('queue.eta', { minutes })),
    );
  };

  // The socket pushes queue.update; polling is the fallback while it is down, and a safety net
  // at the front of the queue (where an admission must not be missed), at the server's pace.
  const schedulePoll = () => {
    window.clearTimeout(pollTimer);
    if (stopped || place?.state !== 'waiting') return;
    const asked = Math.min(30, Math.max(1, Number(place.retry_after) || 2));
    const front = place.position <= 10;
    if (ws.online && !front) {
      pollTimer = window.setTimeout(schedulePoll, asked * 1000);
      return;
    }
    const seconds = front ? Math.min(asked, 3) : asked;
    pollTimer = window.setTimeout(async () => {
      try {
        show(await get<QueueState>(`${base}/${encodeURIComponent(place!.queue_id)}`));
      } catch (error) {
        connection.textContent = errorText(error);
      }
      schedulePoll();
    }, seconds * 1000);
  };

  const join = async () => {
    try {
      const answer = ws.online
        ? await ws.request<QueueState>('queue.join', { event_id: eventId })
        : await post<QueueState>(base);
      show(answer);
      connection.textContent = ws.online ? t('queue.live') : '';
    } catch (error) {
      replace(box, notice('error', errorText(error)));
    }
    schedulePoll();
  };

  // A place we had: an admission that ran out is explained before joining again.
  const known = queueId(eventId);
  if (known) {
    try {
      const earlier = await get<QueueState>(`${base}/${encodeURIComponent(known)}`);
      if (earlier.state === 'expired') {
        show(earlier);
        return () => window.clearTimeout(lapseTimer);
      }
    } catch {
      setQueueId(eventId, null); // unknown now (the queue was reset): join afresh
    }
  }

  const release = ws.use();
  const offPush = ws.onPush('queue.update', (push) => {
    if (push.event_id && push.event_id !== eventId) return;
    show(push as unknown as QueueState);
    schedulePoll();
  });
  // (Re)joining over the socket registers it for pushes; it keeps the same place.
  const offOpen = ws.onOpen(() => void join());
  const offState = ws.onState((online) => {
    connection.textContent = online ? t('queue.live') : t('queue.reconnecting');
    if (!online) schedulePoll();
  });
  if (!ws.online) void join();

  return () => {
    stopped = true;
    window.clearTimeout(pollTimer);
    window.clearTimeout(lapseTimer);
    offPush();
    offOpen();
    offState();
    release();
  };
}
