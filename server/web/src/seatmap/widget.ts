// SPDX-License-Identifier: GPL-3.0-or-later
// The seat map widget: one focusable element (role listbox) holding the canvas. The active seat
// is its aria-activedescendant (one option element renamed as the seat changes: 60,000 DOM
// nodes would not scale). Mouse, wheel, pinch and keyboard pan and zoom; arrow keys move to the
// nearest seat in that direction; Enter or Space toggles it.
import { h } from '../dom';
import { SeatModel } from './model';
import { draw, showsSeats, seatLodPx, type Marks } from './render';
import { View } from './view';

export interface WidgetOptions {
  label: string;
  /** What the option says before any seat is active. */
  emptyText: string;
  /** Everything a person needs to know about seat i, in words. */
  describe(i: number): string;
  /** Section i in words (zoomed out). */
  describeSection(s: number): string;
  onToggle(i: number): void;
}

/** Frame times of the last draws and the feed's catch-ups, for tests/bench/bench_shop.mjs. */
export interface MapStats {
  draws: number[];
  firstPaintMs: number;
  widget: SeatMapWidget | null;
  catchUps: string[]; // why the feed asked again, and when (the last 100)
}
export const stats: MapStats = { draws: [], firstPaintMs: 0, widget: null, catchUps: [] };
(window as unknown as { __boxofficeSeatMap: MapStats }).__boxofficeSeatMap = stats;

export class SeatMapWidget {
  readonly element: HTMLDivElement;
  readonly view = new View();
  private canvas: HTMLCanvasElement;
  private ctx: CanvasRenderingContext2D;
  private option: HTMLDivElement;
  private tooltip: HTMLDivElement;
  private marks: Marks;
  private frame = 0;
  private fitted = false;
  private pointers = new Map<number, { x: number; y: number }>();
  private dragged = false;
  private pinchDistance = 0;
  private resizeObserver: ResizeObserver;

  constructor(
    public model: SeatModel,
    private options: WidgetOptions,
  ) {
    this.marks = { mine: new Uint8Array(model.count), focus: -1, hover: -1 };
    this.canvas = h('canvas', { 'aria-hidden': 'true' });
    this.option = h('div', { role: 'option', class: 'visually-hidden', 'aria-selected': 'false' }, options.emptyText);
    this.tooltip = h('div', { class: 'seat-tooltip', 'aria-hidden': 'true', hidden: true });
    this.element = h(
      'div',
      { class: 'seatmap', role: 'listbox', tabindex: 0, 'aria-label': options.label },
      this.canvas,
      this.option,
      this.tooltip,
    );
    this.ctx = this.canvas.getContext('2d', { alpha: false })!;
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.element);
    this.listen();
    stats.widget = this;
  }

  destroy(): void {
    this.resizeObserver.disconnect();
    cancelAnimationFrame(this.frame);
    if (stats.widget === this) stats.widget = null;
  }

  /** A new snapshot (after a reconnect that came back with one). */
  setModel(model: SeatModel): void {
    const focusId = this.marks.focus >= 0 ? this.model.idOf(this.marks.focus) : undefined;
    this.model = model;
    this.marks = { mine: new Uint8Array(model.count), focus: -1, hover: -1 };
    if (focusId) this.marks.focus = model.indexOf(focusId) ?? -1;
    this.redraw();
  }

  setMine(i: number, mine: boolean): void {
    if (i < 0) return;
    this.marks.mine[i] = mine ? 1 : 0;
    this.redraw();
  }

  isMine(i: number): boolean {
    return this.marks.mine[i] === 1;
  }

  get active(): number {
    return this.marks.focus;
  }

  redraw(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  zoom(factor: number): void {
    this.view.zoomAt(factor);
    this.redraw();
  }

  reset(): void {
    this.view.fit(this.model.bounds);
    this.redraw();
  }

  /** Makes seat i the active one, zooming in to it when needed. */
  activate(i: number, announce = true): void {
    if (i < 0) return;
    this.marks.focus = i;
    if (!showsSeats(this.model, this.view) || !this.view.shows(this.model.x[i], this.model.y[i], 40)) {
      const scale = Math.max(this.view.scale, (seatLodPx * 2.5) / this.model.pitch);
      this.view.centreOn(this.model.x[i], this.model.y[i], scale);
    }
    this.updateOption(announce);
    this.redraw();
  }

  /** Refreshes the active seat's description (its status changed). */
  refreshActive(): void {
    if (this.marks.focus >= 0) this.updateOption(false);
  }

  private updateOption(announce: boolean): void {
    const i = this.marks.focus;
    this.option.id = `seat-option-${i}`;
    this.option.textContent = this.options.describe(i);
    this.option.setAttribute('aria-selected', String(this.isMine(i)));
    if (announce) this.element.setAttribute('aria-activedescendant', this.option.id);
  }

  private resize(): void {
    const rect = this.element.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(rect.width * dpr);
    this.canvas.height = Math.round(rect.height * dpr);
    this.canvas.style.width = `${rect.width}px`;
    this.canvas.style.height = `${rect.height}px`;
    this.view.resize(rect.width, rect.height);
    if (!this.fitted && rect.width > 0) {
      this.view.fit(this.model.bounds);
      this.fitted = true;
    }
    this.view.maxScale = (seatLodPx * 8) / this.model.pitch;
    this.paint();
  }

  private paint(): void {
    const started = performance.now();
    draw(this.ctx, this.model, this.view, this.marks, window.devicePixelRatio || 1);
    const took = performance.now() - started;
    stats.draws.push(took);
    if (stats.draws.length > 2000) stats.draws.splice(0, 1000);
    if (!stats.firstPaintMs) {
      stats.firstPaintMs = performance.now();
      performance.mark('seatmap-first-paint');
    }
  }

  private local(event: MouseEvent): { x: number; y: number } {
    const rect = this.canvas.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  private listen(): void {
    const canvas = this.canvas;
    canvas.addEventListener('pointerdown', (event) => {
      canvas.setPointerCapture(event.pointerId);
      this.pointers.set(event.pointerId, this.local(event));
      this.dragged = false;
      if (this.pointers.size === 2) this.pinchDistance = this.pointerDistance();
    });
    canvas.addEventListener('pointermove', (event) => {
      const point = this.local(event);
      const last = this.pointers.get(event.pointerId);
      if (!last) {
        this.hover(point.x, point.y);
        return;
      }
      if (this.pointers.size === 1) {
        const dx = point.x - last.x;
        const dy = point.y - last.y;
        if (this.dragged || Math.abs(dx) + Math.abs(dy) > 4) {
          this.dragged = true;
          this.view.panBy(dx, dy);
          this.pointers.set(event.pointerId, point);
          this.redraw();
        }
      } else {
        this.pointers.set(event.pointerId, point);
        const distance = this.pointerDistance();
        if (this.pinchDistance > 0) {
          const [a, b] = [...this.pointers.values()];
          this.view.zoomAt(distance / this.pinchDistance, (a.x + b.x) / 2, (a.y + b.y) / 2);
          this.redraw();
        }
        this.pinchDistance = distance;
        this.dragged = true;
      }
    });
    const up = (event: PointerEvent) => {
      const wasSingle = this.pointers.size === 1;
      this.pointers.delete(event.pointerId);
      if (event.type === 'pointerup' && wasSingle && !this.dragged) this.click(this.local(event));
      if (this.pointers.size < 2) this.pinchDistance = 0;
    };
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    canvas.addEventListener('pointerleave', () => {
      this.tooltip.hidden = true;
      if (this.marks.hover >= 0) {
        this.marks.hover = -1;
        this.redraw();
      }
    });
    canvas.addEventListener(
      'wheel',
      (event) => {
        event.preventDefault();
        const point = this.local(event);
        this.view.zoomAt(Math.exp(-event.deltaY * 0.0015), point.x, point.y);
        this.redraw();
      },
      { passive: false },
    );
    this.element.addEventListener('keydown', (event) => this.key(event));
    this.element.addEventListener('focus', () => {
      if (this.marks.focus >= 0) this.element.setAttribute('aria-activedescendant', this.option.id);
    });
  }

  private pointerDistance(): number {
    const [a, b] = [...this.pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  }

  private hover(x: number, y: number): void {
    const vx = this.view.toVenueX(x);
    const vy = this.view.toVenueY(y);
    let text = '';
    let seat = -1;
    if (showsSeats(this.model, this.view)) {
      seat = this.model.hit(vx, vy);
      if (seat >= 0) text = this.options.describe(seat);
    } else {
      const section = this.model.sectionAt(vx, vy);
      if (section >= 0) text = this.options.describeSection(section);
    }
    if (seat !== this.marks.hover) {
      this.marks.hover = seat;
      this.redraw();
    }
    this.tooltip.hidden = !text;
    if (text) {
      this.tooltip.textContent = text;
      const left = Math.min(x + 14, this.view.width - this.tooltip.offsetWidth - 4);
      const top = y + 18 + this.tooltip.offsetHeight > this.view.height ? y - this.tooltip.offsetHeight - 10 : y + 18;
      this.tooltip.style.transform = `translate(${Math.max(4, left)}px, ${Math.max(4, top)}px)`;
    }
    this.canvas.style.cursor = text ? 'pointer' : 'grab';
  }

  private click(point: { x: number; y: number }): void {
    const vx = this.view.toVenueX(point.x);
    const vy = this.view.toVenueY(point.y);
    if (showsSeats(this.model, this.view)) {
      const seat = this.model.hit(vx, vy);
      if (seat >= 0) {
        this.marks.focus = seat;
        this.updateOption(true);
        this.options.onToggle(seat);
        this.redraw();
      }
      return;
    }
    const s = this.model.sectionAt(vx, vy);
    if (s < 0) {
      this.view.zoomAt(2, point.x, point.y);
    } else {
      const section = this.model.sections[s];
      const scale = Math.min(
        this.view.width / (section.maxX - section.minX + this.model.pitch * 2),
        this.view.height / (section.maxY - section.minY + this.model.pitch * 2),
      );
      this.view.centreOn(
        (section.minX + section.maxX) / 2,
        (section.minY + section.maxY) / 2,
        Math.max(scale, (seatLodPx * 1.5) / this.model.pitch),
      );
    }
    this.redraw();
  }

  private key(event: KeyboardEvent): void {
    const directions: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const direction = directions[event.key];
    if (direction) {
      event.preventDefault();
      if (event.shiftKey) {
        this.view.panBy(-direction[0] * 60, -direction[1] * 60);
        this.redraw();
        return;
      }
      const from = this.marks.focus;
      const next =
        from < 0
          ? this.model.nearest(this.view.toVenueX(this.view.width / 2), this.view.toVenueY(this.view.height / 2))
          : this.model.step(from, direction[0], direction[1]);
      if (next >= 0) this.activate(next);
      return;
    }
    switch (event.key) {
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (this.marks.focus >= 0) {
          this.options.onToggle(this.marks.focus);
          this.updateOption(true);
        } else {
          this.activate(this.model.nearest(this.view.toVenueX(this.view.width / 2), this.view.toVenueY(this.view.height / 2)));
        }
        break;
      case '+':
      case '=':
        event.preventDefault();
        this.zoom(1.5);
        break;
      case '-':
        event.preventDefault();
        this.zoom(1 / 1.5);
        break;
      case '0':
      case 'Home':
        event.preventDefault();
        this.reset();
        break;
      default:
    }
  }
}
