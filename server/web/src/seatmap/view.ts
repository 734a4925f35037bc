// SPDX-License-Identifier: GPL-3.0-or-later
// Pan and zoom: screen = venue * scale + offset, in CSS pixels.

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export class View {
  scale = 1;
  offsetX = 0;
  offsetY = 0;
  width = 1;
  height = 1;
  minScale = 0.001;
  maxScale = 10;

  resize(width: number, height: number): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
  }

  /** Shows all of `bounds` with a margin; zooming out further is not useful. */
  fit(bounds: Bounds, margin = 16): void {
    const w = Math.max(1, bounds.maxX - bounds.minX);
    const h = Math.max(1, bounds.maxY - bounds.minY);
    this.scale = Math.min((this.width - 2 * margin) / w, (this.height - 2 * margin) / h);
    this.minScale = this.scale * 0.8;
    this.offsetX = (this.width - w * this.scale) / 2 - bounds.minX * this.scale;
    this.offsetY = (this.height - h * this.scale) / 2 - bounds.minY * this.scale;
  }

  /** Zooms by `factor` keeping the venue point under (sx, sy) where it is. */
  zoomAt(factor: number, sx = this.width / 2, sy = this.height / 2): void {
    const next = Math.min(this.maxScale, Math.max(this.minScale, this.scale * factor));
    const vx = (sx - this.offsetX) / this.scale;
    const vy = (sy - this.offsetY) / this.scale;
    this.scale = next;
    this.offsetX = sx - vx * next;
    this.offsetY = sy - vy * next;
  }

  panBy(dx: number, dy: number): void {
    this.offsetX += dx;
    this.offsetY += dy;
  }

  /** Centres the venue point (x, y), at `scale` when given. */
  centreOn(x: number, y: number, scale = this.scale): void {
    this.scale = Math.min(this.maxScale, Math.max(this.minScale, scale));
    this.offsetX = this.width / 2 - x * this.scale;
    this.offsetY = this.height / 2 - y * this.scale;
  }

  toVenueX(sx: number): number {
    return (sx - this.offsetX) / this.scale;
  }
  toVenueY(sy: number): number {
    return (sy - this.offsetY) / this.scale;
  }
  toScreenX(x: number): number {
    return x * this.scale + this.offsetX;
  }
  toScreenY(y: number): number {
    return y * this.scale + this.offsetY;
  }

  /** True when (x, y) is inside the visible area less `margin` CSS pixels. */
  shows(x: number, y: number, margin = 0): boolean {
    const sx = this.toScreenX(x);
    const sy = this.toScreenY(y);
    return sx >= margin && sy >= margin && sx <= this.width - margin && sy <= this.height - margin;
  }
}
