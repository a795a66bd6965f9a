// The daily puzzle: the position the server sends (its mover's view), the goal, two hints
// (the themes, then the cells), one turn laid on the board and judged by the server.
import atlasIndex from "./atlas.json";
import { BoardCanvas } from "./boardview";
import { describeCell, key, type Cell, type View } from "./board";
import { button, el } from "./dom";
import { ServerError } from "./net";
import type { Session } from "./main";
import { showProblem } from "./main";
import { advance, coinLabel, placements, rackLeft } from "./turn";

const themeWords = (t: string) => t.replace(/_/g, " ");

export async function openPuzzle(app: HTMLElement, session: Session, path: string[]): Promise<void> {
  if (path[1] !== "daily") { showProblem("Nothing here", "The browser shows the daily puzzle: /puzzle/daily."); return; }
  let data: any;
  try { data = await session.conn.request("daily_puzzle", {}); }
  catch (err) {
    showProblem("No daily puzzle", err instanceof ServerError ? err.reason : String(err));
    return;
  }
  const puzzle = data.puzzle, view: View = puzzle.view, mover: number = puzzle.mover;
  const metal = mover === 2 ? "silver" : "gold";
  const placed = new Map<string, string>();
  let cursor: Cell | null = null, dir: "across" | "down" = "across", hints = 0, sent = false;

  app.innerHTML = "";
  const board = new BoardCanvas("the puzzle's board: click a cell, then type or pick letters");
  const rack = el("div", { class: "rack", role: "toolbar", "aria-label": "your rack" });
  const controls = el("div", { class: "controls" });
  const cellNote = el("p", { class: "sr-only", "aria-live": "polite", id: "cell-note" });
  const hintBox = el("div", { id: "hints", "aria-live": "polite" });
  const verdict = el("section", { class: "panel verdict", id: "verdict", "aria-live": "polite" });
  const rating = data.rating;
  const header = el("header", { class: "game-header" },
    el("div", { class: "status", id: "status", role: "status" }, `Daily puzzle ${data.date}`),
    el("div", { class: `player p${mover}` }, `You play ${metal === "gold" ? "Gold" : "Silver"}`),
    el("div", { class: "player", id: "puzzle-rating" }, session.user ? `your puzzle rating ${Math.round(rating.rating)}` : "guest"));
  const goal = el("section", { class: "panel" }, el("h2", {}, "Goal"), el("p", { id: "goal" }, puzzle.goal_text),
    el("p", { class: "note" }, `puzzle ${puzzle.id}, rated ${Math.round(puzzle.rating)}`), hintBox);
  const side = el("aside", { class: "side" }, goal, verdict);
  app.append(el("div", { class: "game puzzle" }, header, el("div", { class: "play" }, board.box, side), rack, controls, cellNote));

  const showVerdict = (v: any) => {
    verdict.innerHTML = "";
    verdict.append(el("h2", { class: v.solved ? "good" : "bad", id: "verdict-title" }, v.solved ? "Solved!" : "Not solved"));
    for (const line of v.explanation ?? []) verdict.append(el("p", { class: "note" }, line));
    if (v.rating) {
      const change = v.rating.change;
      verdict.append(el("p", { id: "rating-change" },
        `Rating ${v.rating.before.toFixed(1)} \u2192 ${v.rating.after.toFixed(1)} (${change >= 0 ? "+" : ""}${change.toFixed(1)})`));
    }
    if (v.rating && session.user) document.getElementById("puzzle-rating")!.textContent = `your puzzle rating ${Math.round(v.rating.after)}`;
    if (v.streak != null) verdict.append(el("p", { class: "note" }, `streak ${v.streak}, best ${v.best_streak}`));
  };
  if (data.attempt) {
    sent = true;
    showVerdict({ solved: data.attempt.solved, explanation: ["You have made your attempt at this puzzle."],
                  rating: { before: data.attempt.rating_before, after: data.attempt.rating_after,
                            change: data.attempt.rating_after - data.attempt.rating_before } });
  } else if (!session.user) {
    verdict.append(el("h2", {}, "Play it"), el("p", { id: "guest-note" }, "You are a guest: sign in in the lobby to be rated. "),
      el("a", { href: "/" }, "Sign in"));
  } else verdict.append(el("h2", {}, "Your turn"), el("p", { class: "hint" }, "Click a cell, then type or pick letters; Submit has it judged (one attempt, rated)."));

  const renderHints = () => {
    hintBox.innerHTML = "";
    if (hints >= 1) hintBox.append(el("p", { id: "hint-theme" }, `Hint: ${puzzle.themes.map(themeWords).join(", ")}`));
    if (hints >= 2) hintBox.append(el("p", { id: "hint-cells" }, `Look at ${(puzzle.hint_where as Cell[]).map(([r, c]) => `row ${r + 1}, column ${c + 1}`).join("; ")} (lit on the board).`));
    board.marks.lit = hints >= 2 ? puzzle.hint_where : [];
  };
  const submit = async () => {
    const commit = { type: "commit" as const, placements: placements(placed), ...(placed.size === 1 ? { direction: dir } : {}) };
    try {
      const got = await session.conn.request("puzzle_attempt", { puzzle: puzzle.id, actions: [commit, { type: "end_turn" as const }] });
      sent = true; cursor = null; showVerdict(got);
    } catch (err) { verdict.prepend(el("p", { class: "bad", id: "attempt-error" }, err instanceof ServerError ? err.reason : String(err))); }
    refresh();
  };
  const refresh = () => {
    rack.innerHTML = "";
    for (const ch of rackLeft(view.players[String(mover)].rack ?? "", placed)) {
      const coin = el("button", { type: "button", class: `coin ${metal}`, "aria-label": coinLabel(ch), "data-letter": ch }, ch.toUpperCase());
      const at = (atlasIndex.coins as any)[metal][ch] as [number, number];
      coin.style.backgroundPosition = `${(at[0] * 100) / 25}% ${(at[1] * 100) / 8}%`;
      coin.addEventListener("click", () => place(ch));
      rack.append(coin);
    }
    controls.innerHTML = "";
    const go = button("Submit", () => void submit(), { id: "submit" });
    go.disabled = sent || !session.user || !placed.size;
    const hint = button(hints === 0 ? "Hint: the theme" : "Hint: where", () => { hints++; renderHints(); refresh(); }, { id: "hint" });
    hint.disabled = hints >= 2;
    controls.append(go, button("Clear", () => { placed.clear(); refresh(); }, { id: "clear" }),
      button(`Direction: ${dir}`, () => { dir = dir === "across" ? "down" : "across"; refresh(); }, { id: "direction" }), hint);
    board.marks = { ...board.marks, placed, cursor, seat: mover };
    board.draw();
  };
  const place = (ch: string) => {
    if (!cursor || sent) return;
    if (!rackLeft(view.players[String(mover)].rack ?? "", placed).includes(ch)) return;
    placed.set(key(...cursor), ch);
    cursor = advance(cursor, dir, view.height, view.width, placed);
    refresh();
  };
  board.canvas.addEventListener("click", (ev) => { const cell = board.cellOf(ev); if (cell) { cursor = cell; cellNote.textContent = describeCell(view, ...cell); board.canvas.focus(); refresh(); } });
  board.canvas.addEventListener("keydown", (ev) => {
    if (/^[a-zA-Z]$/.test(ev.key) && !ev.ctrlKey && !ev.metaKey) { place(ev.key.toLowerCase()); ev.preventDefault(); }
    else if (ev.key === "Enter") { (document.getElementById("submit") as HTMLButtonElement).click(); ev.preventDefault(); }
    else if (ev.key === "Escape") { placed.clear(); refresh(); }
  });
  board.show(view);
  renderHints();
  refresh();
}
