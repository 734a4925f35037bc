// SPDX-License-Identifier: GPL-3.0-or-later
// Ticket QR codes drawn on a canvas (the encoder is loaded only on order pages).
type Factory = (type: 0, level: 'L' | 'M' | 'Q' | 'H') => {
  addData(data: string): void;
  make(): void;
  getModuleCount(): number;
  isDark(row: number, col: number): boolean;
};

let factory: Promise<Factory> | null = null;

export async function qrCanvas(text: string, label: string, size = 180): Promise<HTMLCanvasElement> {
  factory ??= import('qrcode-generator').then((m) => ((m as unknown as { default?: Factory }).default ?? (m as unknown as Factory)));
  const qr = (await factory)(0, 'M');
  qr.addData(text);
  qr.make();
  const modules = qr.getModuleCount();
  const quiet = 4;
  const cell = Math.max(2, Math.floor(size / (modules + 2 * quiet)));
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = cell * (modules + 2 * quiet);
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', label);
  canvas.className = 'qr';
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  for (let r = 0; r < modules; r++)
    for (let c = 0; c < modules; c++)
      if (qr.isDark(r, c)) ctx.fillRect((c + quiet) * cell, (r + quiet) * cell, cell, cell);
  return canvas;
}
