// A board on a canvas for the pages that show a position (the daily puzzle, a replay): sized
// to its box, drawn with the game's art, clicks turned into cells. The game page keeps its own.
import { BoardPainter, cellAt, key, layoutBoard, type Cell, type Layout, type View } from "./board";
import { el } from "./dom";

export interface BoardMarks { placed?: Map<string, string>; cursor?: Cell | null; lit?: Cell[]; seat?: number | null }

export class BoardCanvas {
  readonly canvas: HTMLCanvasElement;
  readonly box: HTMLDivElement;
  private painter: BoardPainter;
  private layout: Layout | null = null;
  private view: View | null = null;
  marks: BoardMarks = {};

  constructor(label: string) {
    this.canvas = el("canvas", { id: "board", tabindex: "0", role: "img", "aria-label": label });
    this.box = el("div", { class: "board-box" }, this.canvas);
    this.painter = new BoardPainter(this.canvas.getContext("2d")!);
    this.painter.onReady = () => this.draw();
    new ResizeObserver(() => this.resize()).observe(this.box);
  }

  /** Show ``view`` (the layout is kept while the board's size is the same). */
  show(view: View): void {
    const sized = this.view && this.view.width === view.width && this.view.height === view.height;
    this.view = view;
    this.canvas.dataset.version = String(view.version);
    if (sized) this.draw(); else this.resize();
  }

  /** The cell under a mouse event, or null. */
  cellOf(ev: { clientX: number; clientY: number }): Cell | null {
    if (!this.layout) return null;
    const rect = this.canvas.getBoundingClientRect(), ratio = this.canvas.width / rect.width;
    return cellAt(this.layout, (ev.clientX - rect.left) * ratio, (ev.clientY - rect.top) * ratio);
  }

  private resize(): void {
    if (!this.view) return;
    const rect = this.box.getBoundingClientRect(), ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.floor(rect.width * ratio); this.canvas.height = Math.floor(rect.height * ratio);
    this.canvas.style.width = `${rect.width}px`; this.canvas.style.height = `${rect.height}px`;
    this.layout = layoutBoard(this.canvas.width, this.canvas.height, this.view.width, this.view.height);
    // Where the cells are, in CSS pixels: for the browser tests.
    Object.assign(this.canvas.dataset, { cell: String(this.layout.cell / ratio), x0: String(this.layout.x0 / ratio), y0: String(this.layout.y0 / ratio) });
    this.draw();
  }

  draw(): void {
    const view = this.view, l = this.layout;
    if (!view || !l) return;
    const m = this.marks;
    this.painter.draw(view, l, { placed: m.placed ?? new Map(), cursor: m.cursor ?? null, good: new Set(), bad: new Set(),
                                 seat: m.seat ?? null, pulse: 0 });
    if (m.lit?.length) {
      const ctx = this.canvas.getContext("2d")!;
      ctx.lineWidth = Math.max(3, l.cell / 9);
      ctx.strokeStyle = "#6ff0ff";
      ctx.shadowColor = "#6ff0ff"; ctx.shadowBlur = l.cell / 3;
      for (const [r, c] of m.lit) ctx.strokeRect(l.x0 + c * l.cell + 3, l.y0 + r * l.cell + 3, l.cell - 6, l.cell - 6);
      ctx.shadowBlur = 0;
    }
  }
}

export { key };
