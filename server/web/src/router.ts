// SPDX-License-Identifier: GPL-3.0-or-later
// Client-side routes (History API). Each page renders into <main> and returns a cleanup.
export type Cleanup = () => void;
export type Page = (main: HTMLElement, params: Record<string, string>, query: URLSearchParams) =>
  Cleanup | void | Promise<Cleanup | void>;

interface Route {
  pattern: RegExp;
  names: string[];
  page: Page;
}

const routes: Route[] = [];
let cleanup: Cleanup | null = null;
let notFound: Page = () => {};
let generation = 0;

export function route(path: string, page: Page): void {
  const names: string[] = [];
  const pattern = new RegExp(
    '^' + path.replace(/:(\w+)/g, (_, name: string) => (names.push(name), '([^/]+)')) + '/?$',
  );
  routes.push({ pattern, names, page });
}

export function fallback(page: Page): void {
  notFound = page;
}

export function navigate(url: string, replace = false): void {
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  void render();
}

export async function render(): Promise<void> {
  const main = document.getElementById('main')!;
  const mine = ++generation;
  cleanup?.();
  cleanup = null;
  main.replaceChildren();
  window.scrollTo(0, 0);
  const query = new URLSearchParams(location.search);
  for (const r of routes) {
    const match = r.pattern.exec(location.pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    r.names.forEach((name, k) => (params[name] = decodeURIComponent(match[k + 1])));
    const result = await r.page(main, params, query);
    if (mine !== generation) result?.();
    else cleanup = result ?? null;
    return;
  }
  notFound(main, {}, query);
}

/** Links marked data-route navigate without a page load. */
export function interceptLinks(): void {
  document.addEventListener('click', (event) => {
    const anchor = (event.target as Element).closest?.('a[data-route]') as HTMLAnchorElement | null;
    if (!anchor || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(anchor.getAttribute('href')!);
  });
  window.addEventListener('popstate', () => void render());
}

/** True while the page rendered as `token` is still shown. */
export function currentGeneration(): number {
  return generation;
}
