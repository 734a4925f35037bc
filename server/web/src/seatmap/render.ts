// SPDX-License-Identifier: GPL-3.0-or-later
// Draws the seat map on a canvas with level of detail: sections as labelled blocks when zoomed
// out, single seats when one seat is at least `seatLodPx` wide. Seats are batched by look (one
// path per colour and shape), and only the visible ones are drawn. Held and sold seats differ
// by shape, not only colour: available = filled disc, held = ring, sold = cross,
// blocked = small square, yours = dark disc with a white centre.
import { Status, type SeatModel } from './model';
import type { View } from './view';

export const seatLodPx = 8;
const colours = {
  background: '#f7f7f9',
  held: '#4b5563',
  sold: '#6b7280',
  blocked: '#9ca3af',
  mine: '#111827',
  focus: '#005fcc',
  sectionStroke: '#374151',
  text: '#111827',
};

export interface Marks {
  mine: Uint8Array; // 1 = selected or in the fan's hold
  focus: number;
  hover: number;
}

let buckets: Int32Array[] = [];
let bucketSizes: Int32Array = new Int32Array(0);

export function showsSeats(model: SeatModel, view: View): boolean {
  return model.pitch * view.scale >= seatLodPx;
}

export function draw(ctx: CanvasRenderingContext2D, model: SeatModel, view: View, marks: Marks, dpr: number): void {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = colours.background;
  ctx.fillRect(0, 0, view.width, view.height);
  if (showsSeats(model, view)) drawSeats(ctx, model, view, marks);
  else drawSections(ctx, model, view, marks);
  drawMark(ctx, model, view, marks.hover, colours.text, 2);
  drawMark(ctx, model, view, marks.focus, colours.focus, 3);
}

function drawSections(ctx: CanvasRenderingContext2D, model: SeatModel, view: View, marks: Marks): void {
  ctx.lineWidth = 1;
  ctx.font = '600 13px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const section of model.sections) {
    const x = view.toScreenX(section.minX);
    const y = view.toScreenY(section.minY);
    const w = (section.maxX - section.minX) * view.scale;
    const h = (section.maxY - section.minY) * view.scale;
    if (x > view.width || y > view.height || x + w < 0 || y + h < 0) continue;
    const first = section.first;
    const category = model.categories[model.category[first]];
    const share = section.size ? section.available / section.size : 0;
    ctx.globalAlpha = share > 0 ? 0.35 + 0.5 * share : 0.15;
    ctx.fillStyle = share > 0 ? (category?.color ?? colours.sold) : colours.sold;
    ctx.fillRect(x, y, w, h);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = colours.sectionStroke;
    ctx.strokeRect(x + 0.5, y + 0.5, w, h);
    if (w > 28 && h > 18) {
      ctx.fillStyle = colours.text;
      ctx.fillText(section.id, x + w / 2, y + h / 2 - (h > 36 ? 8 : 0));
      if (h > 36) ctx.fillText(String(section.available), x + w / 2, y + h / 2 + 9);
    }
  }
  // The fan's own seats stay visible when zoomed out.
  ctx.fillStyle = colours.mine;
  ctx.beginPath();
  for (let i = 0; i < model.count; i++) {
    if (!marks.mine[i]) continue;
    ctx.rect(view.toScreenX(model.x[i]) - 2, view.toScreenY(model.y[i]) - 2, 4, 4);
  }
  ctx.fill();
}

function drawSeats(ctx: CanvasRenderingContext2D, model: SeatModel, view: View, marks: Marks): void {
  const categories = model.categories.length;
  // Buckets: one per category (available), then held, sold, blocked, mine.
  const bucketCount = categories + 5;
  if (buckets.length !== bucketCount || buckets[0].length < model.count) {
    buckets = Array.from({ length: bucketCount }, () => new Int32Array(model.count));
    bucketSizes = new Int32Array(bucketCount);
  }
  bucketSizes.fill(0);
  const r = model.pitch * view.scale * 0.4;
  const scale = view.scale;
  const ox = view.offsetX;
  const oy = view.offsetY;
  const w = view.width + r;
  const h = view.height + r;
  const { x, y, status, category } = model;
  const mine = marks.mine;
  const held = categories;
  for (let i = 0; i < model.count; i++) {
    const sx = x[i] * scale + ox;
    if (sx < -r || sx > w) continue;
    const sy = y[i] * scale + oy;
    if (sy < -r || sy > h) continue;
    let b: number;
    if (mine[i]) b = held + 4;
    else if (status[i] === Status.Available) b = category[i] < categories ? category[i] : held + 3;
    else b = held + status[i] - 1; // held, sold, blocked
    buckets[b][bucketSizes[b]++] = i;
  }
  const tau = Math.PI * 2;
  for (let b = 0; b < bucketCount; b++) {
    const size = bucketSizes[b];
    if (!size) continue;
    const list = buckets[b];
    ctx.beginPath();
    if (b < categories || b === held + 4) {
      for (let k = 0; k < size; k++) {
        const i = list[k];
        const sx = x[i] * scale + ox;
        const sy = y[i] * scale + oy;
        ctx.moveTo(sx + r, sy);
        ctx.arc(sx, sy, r, 0, tau);
      }
      ctx.fillStyle = b < categories ? model.categories[b].color : colours.mine;
      ctx.fill();
      if (b === held + 4) {
        ctx.beginPath();
        for (let k = 0; k < size; k++) {
          const i = list[k];
          const sx = x[i] * scale + ox;
          const sy = y[i] * scale + oy;
          ctx.moveTo(sx + r * 0.35, sy);
          ctx.arc(sx, sy, r * 0.35, 0, tau);
        }
        ctx.fillStyle = '#ffffff';
        ctx.fill();
      }
    } else if (b === held) {
      const ring = r * 0.75;
      for (let k = 0; k < size; k++) {
        const i = list[k];
        const sx = x[i] * scale + ox;
        const sy = y[i] * scale + oy;
        ctx.moveTo(sx + ring, sy);
        ctx.arc(sx, sy, ring, 0, tau);
      }
      ctx.lineWidth = Math.max(1.5, r * 0.45);
      ctx.strokeStyle = colours.held;
      ctx.stroke();
    } else if (b === held + 1) {
      const arm = r * 0.7;
      for (let k = 0; k < size; k++) {
        const i = list[k];
        const sx = x[i] * scale + ox;
        const sy = y[i] * scale + oy;
        ctx.moveTo(sx - arm, sy - arm);
        ctx.lineTo(sx + arm, sy + arm);
        ctx.moveTo(sx + arm, sy - arm);
        ctx.lineTo(sx - arm, sy + arm);
      }
      ctx.lineWidth = Math.max(1.5, r * 0.35);
      ctx.strokeStyle = colours.sold;
      ctx.stroke();
    } else {
      const side = r * 1.1;
      for (let k = 0; k < size; k++) {
        const i = list[k];
        ctx.rect(x[i] * scale + ox - side / 2, y[i] * scale + oy - side / 2, side, side);
      }
      ctx.fillStyle = colours.blocked;
      ctx.fill();
    }
  }
}

function drawMark(ctx: CanvasRenderingContext2D, model: SeatModel, view: View, i: number, colour: string, width: number): void {
  if (i < 0 || i >= model.count) return;
  const r = Math.max(5, model.pitch * view.scale * 0.4) + width + 1;
  const sx = view.toScreenX(model.x[i]);
  const sy = view.toScreenY(model.y[i]);
  ctx.beginPath();
  ctx.arc(sx, sy, r, 0, Math.PI * 2);
  ctx.lineWidth = width + 2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
}
