// SPDX-License-Identifier: GPL-3.0-or-later
// Keeps a SeatModel live: subscribes to the event's seat map over the WebSocket with the
// version it has, applies `seatmap.delta` pushes in order, resubscribes with `since` after a
// gap or a reconnect (the server answers with the missing deltas or a snapshot). Signed in or
// not: a socket without a token may watch seat maps (a few per address). Without a socket, or
// when the server turns the subscription down, it polls the map's statuses. Snapshots come as
// a letter per seat of the plan the model was built from.
import { ApiError, get } from '../api';
import type { SeatStatuses } from '../types';
import { ws, type Push } from '../ws';
import type { SeatModel } from './model';
import { stats } from './widget';

export interface FeedHandlers {
  /** Seats whose status changed (indices into the model). */
  changed(indices: number[]): void;
  /** live: pushed over the socket; polling: fetched every few seconds; offline: neither. */
  state(state: 'live' | 'polling' | 'offline'): void;
  /** The seats' layout changed (moved to other price categories): the model is out of date. */
  relayout(): void;
}

/** Why and when the feed asked again or got a whole map, for the benchmark (the last 100). */
function noteCatchUp(what: string): void {
  stats.catchUps.push(`${Math.round(performance.now())} ${what}`);
  if (stats.catchUps.length > 100) stats.catchUps.shift();
}

interface Change {
  id: string;
  status: string;
}

export class SeatFeed {
  private socketOffs: (() => void)[] = [];
  private release: (() => void) | null = null;
  private pollTimer = 0;
  private polling = false;
  private stopped = false;
  private subscribed = false;
  private resyncing = false; // one resubscription in flight at a time, however many gaps

  constructor(
    private eventId: string,
    private model: () => SeatModel,
    private handlers: FeedHandlers,
    private pollMs = 3000,
  ) {
    this.useSocket();
  }

  stop(): void {
    this.stopped = true;
    window.clearTimeout(this.pollTimer);
    this.dropSocket();
  }

  private useSocket(): void {
    if (this.release || this.stopped) return;
    this.release = ws.use();
    this.socketOffs.push(ws.onPush('seatmap.delta', (push) => this.delta(push)));
    this.socketOffs.push(ws.onPush('seatmap.snapshot', (push) => this.snapshot(push)));
    this.socketOffs.push(ws.onOpen(() => void this.subscribe()));
    this.socketOffs.push(
      ws.onState((online) => {
        if (!online) {
          this.subscribed = false;
          this.handlers.state('offline');
          this.startPolling();
        }
      }),
    );
    if (!ws.online) this.startPolling();
  }

  private dropSocket(): void {
    if (!this.release) return;
    if (this.subscribed && ws.online)
      ws.request('unsubscribe', { topic: 'seatmap', event_id: this.eventId }).catch(() => {});
    this.subscribed = false;
    for (const off of this.socketOffs) off();
    this.socketOffs = [];
    this.release();
    this.release = null;
    if (!this.stopped) this.startPolling();
  }

  private async subscribe(why = 'open'): Promise<void> {
    this.resyncing = true;
    noteCatchUp(`${why} at ${this.model().version}`);
    try {
      await ws.request('subscribe', {
        topic: 'seatmap',
        event_id: this.eventId,
        since: this.model().version,
        format: 'status',
      });
      this.subscribed = true;
      this.polling = false;
      window.clearTimeout(this.pollTimer);
      this.handlers.state('live');
    } catch (error) {
      noteCatchUp(`failed ${error instanceof ApiError ? error.code : error}`);
      // Too many watchers from this address, or the server is busy: poll instead.
      if (!(error instanceof ApiError) || error.code !== 'network') this.startPolling();
    } finally {
      this.resyncing = false;
    }
  }

  private delta(push: Push): void {
    if (push.event_id !== this.eventId) return;
    const model = this.model();
    const version = Number(push.version);
    if (version <= model.version) return; // already applied
    if (version !== model.version + 1) {
      // A gap: ask for what is missing (the answer replays it, so later deltas can wait).
      if (!this.resyncing) void this.subscribe(`gap ${version}`);
      return;
    }
    model.version = version;
    this.apply((push.changes as Change[]) ?? []);
  }

  private snapshot(push: Push): void {
    if (push.event_id !== this.eventId) return;
    noteCatchUp(`snapshot ${push.version}`);
    this.statuses(push as unknown as SeatStatuses);
  }

  private statuses(map: SeatStatuses): void {
    const model = this.model();
    if (map.layout !== model.layout) {
      this.handlers.relayout();
      return;
    }
    model.version = Number(map.version);
    const indices = model.applyLetters(map.status);
    if (indices.length) this.handlers.changed(indices);
  }

  private apply(changes: Change[]): void {
    const model = this.model();
    const indices: number[] = [];
    for (const change of changes) {
      const i = model.setStatus(change.id, change.status);
      if (i >= 0) indices.push(i);
    }
    if (indices.length) this.handlers.changed(indices);
  }

  private startPolling(): void {
    if (this.polling || this.stopped) return;
    this.polling = true;
    if (!this.release) this.handlers.state('polling');
    const tick = async () => {
      if (!this.polling || this.stopped) return;
      try {
        const map = await get<SeatStatuses>(`/events/${encodeURIComponent(this.eventId)}/seatmap?format=status`, {
          cache: 'no-cache',
        });
        if (map.version > this.model().version) this.statuses(map);
      } catch {
        // The server is away: keep trying; the map says it may be out of date.
      }
      if (this.polling && !this.stopped) this.pollTimer = window.setTimeout(tick, this.pollMs);
    };
    this.pollTimer = window.setTimeout(tick, this.pollMs);
  }
}
