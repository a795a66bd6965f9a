// The board on a canvas: layout (pure, unit-tested) and drawing with the Arcade client's art.
import atlasIndex from "./atlas.json";

import type { PlayerEntry, View } from "./generated/wire";

// The game view and its parts are generated from the server's declarations (shared/wire).
export type { PlayerEntry, View };
export type Cell = [number, number];
export interface Layout { cell: number; x0: number; y0: number; cols: number; rows: number }

export const key = (r: number, c: number): string => `${r},${c}`;

/** The largest square cells that fit the board in ``w`` x ``h``, centred. */
export function layoutBoard(w: number, h: number, cols: number, rows: number): Layout {
  const cell = Math.max(4, Math.floor(Math.min(w / cols, h / rows)));
  return { cell, cols, rows, x0: Math.floor((w - cell * cols) / 2), y0: Math.floor((h - cell * rows) / 2) };
}

/** The cell under a point, or null off the board. */
export function cellAt(l: Layout, x: number, y: number): Cell | null {
  const c = Math.floor((x - l.x0) / l.cell), r = Math.floor((y - l.y0) / l.cell);
  return r >= 0 && c >= 0 && r < l.rows && c < l.cols ? [r, c] : null;
}

/** The player who must act now (docs/protocol.md, The view). */
export function actor(view: View): number | null {
  if (view.result) return null;
  return view.pending ? view.pending.player : view.to_move;
}

const TERRAIN_NAMES: Record<string, string> = {
  ".": "plains", f: "forest", "~": "water", "^": "mountains", "*": "ice", x: "lava", "#": "city",
};
const FLAT: Record<string, string> = { ".": "#e8c079", f: "#137a47", "~": "#1e3fae", "^": "#7a4511", "*": "#eef0f3", x: "#9a1414", "#": "#8a7a5a" };

/** Words for one cell, for screen readers and tooltips. */
export function describeCell(view: View, r: number, c: number): string {
  const t = view.terrain[r][c];
  const parts = [`row ${r + 1}, column ${c + 1}`, TERRAIN_NAMES[t] ?? t];
  const city = view.cities.find(([cr, cc]) => cr === r && cc === c);
  if (city) parts.push(city[2] === 1 ? "gold city" : city[2] === 2 ? "silver city" : "pewter city");
  for (const [seat, p] of Object.entries(view.players)) {
    const l = p.letters.find(([lr, lc]) => lr === r && lc === c);
    if (l) parts.push(`${seat === "1" ? "gold" : "silver"} letter ${l[2].toUpperCase()}`);
  }
  return parts.join(", ");
}

export interface Marks { placed: Map<string, string>; cursor: Cell | null; good: Set<string>; bad: Set<string>; seat: number | null; pulse: number }

export class BoardPainter {
  atlas: HTMLImageElement | null = null;
  constructor(private ctx: CanvasRenderingContext2D) {
    const img = new Image();
    img.onload = () => { this.atlas = img; this.onReady(); };
    img.src = "/art/atlas.webp";
  }
  onReady: () => void = () => {};

  private tile(col: number, row: number, x: number, y: number, size: number): void {
    const s = atlasIndex.cell;
    this.ctx.drawImage(this.atlas!, col * s, row * s, s, s, x, y, size, size);
  }

  // The stones, cities and letters change only with the view or the layout: drawn once into a
  // layer of their own, so an animation frame is one copy of that layer and the marks on it.
  private layer: HTMLCanvasElement | null = null;
  private layerOf: [View, Layout, HTMLImageElement | null] | null = null;

  draw(view: View, l: Layout, m: Marks): void {
    const ctx = this.ctx;
    if (!ctx.canvas.width || !ctx.canvas.height) return;  // not laid out yet
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    const of = this.layerOf;
    if (!this.layer || !of || of[0] !== view || of[1] !== l || of[2] !== this.atlas) {
      this.layer ??= document.createElement("canvas");
      this.layer.width = ctx.canvas.width;
      this.layer.height = ctx.canvas.height;
      const real = this.ctx;
      this.ctx = this.layer.getContext("2d")!;
      this.ctx.clearRect(0, 0, this.layer.width, this.layer.height);
      this.drawBase(view, l);
      this.ctx = real;
      this.layerOf = [view, l, this.atlas];
    }
    ctx.drawImage(this.layer, 0, 0);
    this.drawMarks(l, m);
  }

  private drawBase(view: View, l: Layout): void {
    const ctx = this.ctx;
    ctx.fillStyle = "#3a2a14";
    ctx.fillRect(l.x0 - 6, l.y0 - 6, l.cols * l.cell + 12, l.rows * l.cell + 12);
    const owner = new Map(view.cities.map(([r, c, o]) => [key(r, c), o]));
    for (let r = 0; r < l.rows; r++) {
      for (let c = 0; c < l.cols; c++) {
        const x = l.x0 + c * l.cell, y = l.y0 + r * l.cell, t = view.terrain[r][c];
        if (t === "#") {
          const o = owner.get(key(r, c));
          const metal = o === 1 ? "gold" : o === 2 ? "silver" : "pewter";
          if (this.atlas) this.tile(...(atlasIndex.cities as any)[metal] as [number, number], x, y, l.cell);
          else { ctx.fillStyle = metal === "gold" ? "#d9a528" : metal === "silver" ? "#c8ccd6" : "#7c7c7c"; ctx.fillRect(x, y, l.cell - 1, l.cell - 1); }
          continue;
        }
        const variants = (atlasIndex.stones as any)[t] as Array<[number, number]> | undefined;
        if (this.atlas && variants) this.tile(...variants[(r * 7 + c * 13) % variants.length], x, y, l.cell);
        else { ctx.fillStyle = FLAT[t] ?? "#555"; ctx.fillRect(x, y, l.cell - 1, l.cell - 1); }
      }
    }
    for (const [seat, p] of Object.entries(view.players)) {
      for (const [r, c, ch] of p.letters) this.coin(seat === "1" ? "gold" : "silver", ch, l, r, c, 1);
    }
  }

  private drawMarks(l: Layout, m: Marks): void {
    const ctx = this.ctx;
    const mine = m.seat === 2 ? "silver" : "gold";
    for (const [k, ch] of m.placed) {
      const [r, c] = k.split(",").map(Number);
      this.coin(mine, ch, l, r, c, 0.92);
      ctx.lineWidth = Math.max(2, l.cell / 14);
      ctx.strokeStyle = m.bad.has(k) ? "#ff4a3a" : m.good.has(k) ? "#59e08f" : "#fff2b0";
      ctx.strokeRect(l.x0 + c * l.cell + 2, l.y0 + r * l.cell + 2, l.cell - 4, l.cell - 4);
    }
    if (m.cursor) {
      const [r, c] = m.cursor;
      ctx.lineWidth = Math.max(2, l.cell / 12);
      ctx.strokeStyle = `rgba(255, 236, 140, ${0.65 + 0.35 * Math.sin(m.pulse)})`;
      ctx.strokeRect(l.x0 + c * l.cell + 1, l.y0 + r * l.cell + 1, l.cell - 2, l.cell - 2);
    }
  }

  private coin(metal: "gold" | "silver", ch: string, l: Layout, r: number, c: number, scale: number): void {
    const x = l.x0 + c * l.cell, y = l.y0 + r * l.cell, inset = (l.cell * (1 - scale)) / 2;
    const at = (atlasIndex.coins as any)[metal]?.[ch.toLowerCase()] as [number, number] | undefined;
    if (this.atlas && at) { this.tile(at[0], at[1], x + inset, y + inset, l.cell * scale); return; }
    const ctx = this.ctx;
    ctx.fillStyle = metal === "gold" ? "#f0b840" : "#cfd3dc";
    ctx.beginPath(); ctx.arc(x + l.cell / 2, y + l.cell / 2, l.cell * 0.42 * scale, 0, Math.PI * 2); ctx.fill();
    ctx.fillStyle = "#2a1a08"; ctx.font = `bold ${Math.floor(l.cell * 0.5)}px serif`;
    ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillText(ch.toUpperCase(), x + l.cell / 2, y + l.cell / 2);
  }
}
