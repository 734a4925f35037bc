// SPDX-License-Identifier: GPL-3.0-or-later
// REST calls to the box-office server (same origin). The session is an HttpOnly cookie set by
// the server: the shop never sees or stores a token. Unsafe requests carry X-Requested-With,
// which a cross-site form cannot send (the server's CSRF check).

export interface Problem {
  status: number;
  code: string;
  title?: string;
  detail?: string;
  seats?: string[];
  limit?: number;
  current?: number;
  [key: string]: unknown;
}

/** A problem+json answer (or a network failure, code "network"). */
export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail || problem.title || problem.code);
  }
  get code(): string {
    return this.problem.code;
  }
  get status(): number {
    return this.problem.status;
  }
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** `no-cache`: revalidate with the ETag (a 304 costs no body). */
  cache?: RequestCache;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (method !== 'GET' && method !== 'HEAD') headers['X-Requested-With'] = 'boxoffice-shop';
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
      cache: options.cache,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'network', detail: String(error) });
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!response.ok) {
    const problem = (json && typeof json === 'object' ? json : {}) as Partial<Problem>;
    throw new ApiError({
      ...problem,
      status: response.status,
      code: typeof problem.code === 'string' ? problem.code : `http_${response.status}`,
    } as Problem);
  }
  return json as T;
}

export const get = <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options);
export const post = <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
  request<T>('POST', path, { ...options, body });
export const put = <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
  request<T>('PUT', path, { ...options, body });
export const del = <T>(path: string) => request<T>('DELETE', path);

/** A fresh idempotency key (printable ASCII, as the API asks). */
export function newKey(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}
