// SPDX-License-Identifier: GPL-3.0-or-later
// One WebSocket to the server's /ws, shared by the pages: requests with ids, pushes by type,
// reconnection with backoff. The session cookie authenticates the upgrade; pages re-send their
// subscriptions from onOpen after every reconnect.
import { ApiError, type Problem } from './api';

type Push = { type: string; [key: string]: unknown };

/** The slowest pushes handled (parse + handlers), for the benchmark. */
export const pushStats: { type: string; ms: number; bytes: number }[] = [];
(window as unknown as { __boxofficeWs: typeof pushStats }).__boxofficeWs = pushStats;
type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; timer: number };

class Socket {
  private socket: WebSocket | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private pushHandlers = new Map<string, Set<(push: Push) => void>>();
  private openHandlers = new Set<() => void>();
  private stateHandlers = new Set<(online: boolean) => void>();
  private retryMs = 500;
  private retryTimer = 0;
  private wanted = 0;
  online = false;

  /** Keeps the connection up while at least one page needs it; returns the release. */
  use(): () => void {
    this.wanted += 1;
    if (!this.socket) this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.wanted -= 1;
      if (this.wanted === 0) this.close();
    };
  }

  /** Drops the connection and opens a new one (after signing in: the new cookie counts). */
  reconnect(): void {
    if (!this.wanted) return;
    this.close();
    this.connect();
  }

  onPush(type: string, handler: (push: Push) => void): () => void {
    if (!this.pushHandlers.has(type)) this.pushHandlers.set(type, new Set());
    this.pushHandlers.get(type)!.add(handler);
    return () => this.pushHandlers.get(type)?.delete(handler);
  }

  onOpen(handler: () => void): () => void {
    this.openHandlers.add(handler);
    if (this.online) handler();
    return () => this.openHandlers.delete(handler);
  }

  onState(handler: (online: boolean) => void): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  request<T>(op: string, params: Record<string, unknown> = {}, timeoutMs = 10000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
        reject(new ApiError({ status: 0, code: 'network', detail: 'not connected' }));
        return;
      }
      const id = this.nextId++;
      const timer = window.setTimeout(() => {
        this.pending.delete(id);
        reject(new ApiError({ status: 0, code: 'timeout', detail: `${op} timed out` }));
      }, timeoutMs);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      this.socket.send(JSON.stringify({ id, op, ...params }));
    });
  }

  private connect(): void {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    socket.onopen = () => {
      this.retryMs = 500;
      this.setOnline(true);
      for (const handler of [...this.openHandlers]) handler();
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.failPending();
      this.setOnline(false);
      if (this.wanted > 0) {
        window.clearTimeout(this.retryTimer);
        this.retryTimer = window.setTimeout(() => this.connect(), this.retryMs);
        this.retryMs = Math.min(this.retryMs * 2, 5000);
      }
    };
  }

  private close(): void {
    window.clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    this.failPending();
    if (socket) socket.close();
    this.setOnline(false);
  }

  private failPending(): void {
    for (const [id, pending] of this.pending) {
      window.clearTimeout(pending.timer);
      pending.reject(new ApiError({ status: 0, code: 'network', detail: 'connection closed' }));
      this.pending.delete(id);
    }
  }

  private setOnline(online: boolean): void {
    if (this.online === online) return;
    this.online = online;
    for (const handler of [...this.stateHandlers]) handler(online);
  }

  private receive(text: string): void {
    const started = performance.now();
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof frame.id === 'number' && this.pending.has(frame.id)) {
      const pending = this.pending.get(frame.id)!;
      this.pending.delete(frame.id);
      window.clearTimeout(pending.timer);
      if (frame.ok) pending.resolve(frame.result);
      else pending.reject(new ApiError((frame.error ?? { status: 0, code: 'error' }) as Problem));
      return;
    }
    if (typeof frame.type === 'string') {
      for (const handler of [...(this.pushHandlers.get(frame.type) ?? [])]) handler(frame as Push);
      const ms = performance.now() - started;
      if (ms > 5) {
        pushStats.push({ type: frame.type, ms, bytes: text.length });
        if (pushStats.length > 100) pushStats.shift();
      }
    }
  }
}

export const ws = new Socket();
export type { Push };
