// SPDX-License-Identifier: GPL-3.0-or-later
// Pieces several pages share: headings that take focus, errors in people's words, badges.
import { ApiError } from '../api';
import { h, replace } from '../dom';
import { t, tMaybe } from '../i18n';
import type { EventSummary } from '../types';

/** The page's <h1>; focused after navigation so keyboard and screen-reader users start there. */
export function heading(text: string): HTMLHeadingElement {
  const element = h('h1', { tabindex: -1 }, text);
  document.title = `${text} · ${t('app.name')}`; // each page says what it is (WCAG 2.4.2)
  queueMicrotask(() => {
    if (document.activeElement === document.body || document.activeElement?.id === 'main')
      element.focus({ preventScroll: true });
  });
  return element;
}

export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'network':
      case 'timeout':
        return t('error.network');
      case 'not_found':
        return t('error.notFound');
      case 'rate_limited':
        return t('error.rateLimited', { seconds: Number(error.problem.retry_after ?? 30) });
      case 'unavailable':
        return t('error.unavailable');
      default:
        return t('error.generic', { detail: error.message });
    }
  }
  return t('error.generic', { detail: String(error) });
}

/** A message box: role alert for errors (read at once), status for the rest. */
export function notice(kind: 'error' | 'info' | 'success' | 'warning', text: string): HTMLElement {
  return h('div', { class: `notice notice-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}

export function showError(main: HTMLElement, error: unknown, retry?: () => void): void {
  replace(
    main,
    notice('error', errorText(error)),
    retry ? h('button', { type: 'button', class: 'button' }, t('common.retry')) : null,
  );
  main.querySelector('button')?.addEventListener('click', () => retry?.());
}

export function categoryName(category: string): string {
  return tMaybe(`category.${category}`, category);
}

export function availabilityBadge(event: EventSummary): HTMLElement {
  return h('span', { class: `badge badge-${event.availability}` }, t(`availability.${event.availability}`));
}

export function zoneOfEvent(event: { time_zone?: string; venue?: { time_zone?: string } }): string | undefined {
  return event.time_zone ?? event.venue?.time_zone;
}
