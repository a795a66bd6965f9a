// The game page: the board, the rack, the turn's actions, the fight panel and the chronicle.
import { actor, BoardPainter, cellAt, describeCell, key, layoutBoard, type Cell, type Layout, type View } from "./board";
import atlasIndex from "./atlas.json";
import { button, el } from "./dom";
import { ServerError, type PushOf } from "./net";
import type { Clock, GameEvent, GameInfo } from "./generated/wire";
import type { Session } from "./main";
import { showBanner, showProblem } from "./main";
import { advance, coinLabel, describeAction, describeEvent, formatClock, placements, rackLeft } from "./turn";

interface Saved { version: number; chronicle: string[] }
/** How long the layout must stay still before the server is asked for its preview (ms). */
const PREVIEW_WAIT = 120;


export async function openGame(app: HTMLElement, session: Session, path: string[]): Promise<void> {
  const { conn } = session;
  const id = path[1];
  if (!/^[a-z0-9]{4,32}$/.test(id)) { showProblem("No such game", `"${id}" is not a game id.`); return; }
  const storeKey = `scryptic.game.${id}`;
  const saved: Saved = JSON.parse(sessionStorage.getItem(storeKey) ?? "null") ?? { version: -1, chronicle: [] };
  let view: View | null = null, seat: number | null = null, info: GameInfo | null = null, version = saved.version;
  const chronicle = saved.chronicle;
  const placed = new Map<string, string>();
  let cursor: Cell | null = null, lastClick: Cell | null = null, dir: "across" | "down" = "across", previewAsk = 0, preview: any = null;
  let clock: Clock | null = null, clockAt = 0;
  let defenceOrder: number[] | null = null, discardPick = new Set<number>();
  let layout: Layout | null = null, flash: { cells: Set<string>; until: number } | null = null;

  app.innerHTML = "";
  const header = el("header", { class: "game-header" });
  const canvas = el("canvas", { id: "board", tabindex: "0", role: "application", "aria-roledescription": "game board",
    "aria-label": "the board: arrow keys move the cursor, letters place, Enter commits" });
  const cellNote = el("p", { class: "sr-only", "aria-live": "polite", id: "cell-note" });
  const rack = el("div", { class: "rack", role: "toolbar", "aria-label": "your rack" });
  const controls = el("div", { class: "controls" });
  const fight = el("section", { class: "panel fight", "aria-label": "preview of the turn", "aria-live": "polite" });
  const log = el("ol", { class: "chronicle", "aria-label": "chronicle" });
  const side = el("aside", { class: "side" }, fight, el("section", { class: "panel" }, el("h2", {}, "Chronicle"), log));
  const boardBox = el("div", { class: "board-box" }, canvas);
  app.append(el("div", { class: "game" }, header, el("div", { class: "play" }, boardBox, side), rack, controls, cellNote));
  const painter = new BoardPainter(canvas.getContext("2d")!);

  const names = (): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const s of ["1", "2"]) out[s] = info?.players?.[s]?.name ?? (s === "1" ? "Gold" : "Silver");
    return out;
  };
  const myTurn = () => view != null && seat != null && actor(view) === seat;
  const persist = () => sessionStorage.setItem(storeKey, JSON.stringify({ version, chronicle: chronicle.slice(-200) }));
  const tell = (events: GameEvent[]) => {
    for (const ev of events) {
      const line = describeEvent(ev, names());
      if (line) { chronicle.push(line); log.append(el("li", {}, line)); }
      if (ev.type === "combat_step") flash = { cells: new Set(ev.defend_cells.map(([r, c]: Cell) => key(r, c))), until: performance.now() + 900 };
    }
    log.scrollTop = log.scrollHeight;
    persist();
    if (flash) animate();
  };

  const resize = () => {
    if (!view) return;
    const rect = boardBox.getBoundingClientRect(), ratio = window.devicePixelRatio || 1;
    canvas.width = Math.floor(rect.width * ratio); canvas.height = Math.floor(rect.height * ratio);
    canvas.style.width = `${rect.width}px`; canvas.style.height = `${rect.height}px`;
    layout = layoutBoard(canvas.width, canvas.height, view.width, view.height);
    // Where the cells are, in CSS pixels: for the browser tests and for tools that drive the page.
    Object.assign(canvas.dataset, { cell: String(layout.cell / ratio), x0: String(layout.x0 / ratio), y0: String(layout.y0 / ratio), version: String(version) });
    draw();
  };
  const draw = (now = performance.now()) => {
    if (!view || !layout) return;
    const words = preview?.words ?? [];
    const good = new Set<string>(), bad = new Set<string>();
    for (const w of words) for (const [r, c] of w.cells) (w.is_word ? good : bad).add(key(r, c));
    painter.draw(view, layout, { placed, cursor, good, bad, seat, pulse: now / 200 });
    if (flash && now < flash.until) {
      const ctx = canvas.getContext("2d")!, a = (flash.until - now) / 900;
      ctx.fillStyle = `rgba(255, 90, 40, ${0.55 * a})`;
      for (const k of flash.cells) { const [r, c] = k.split(",").map(Number); ctx.fillRect(layout.x0 + c * layout.cell, layout.y0 + r * layout.cell, layout.cell, layout.cell); }
    }
  };
  const animate = () => {
    const step = (now: number) => { draw(now); if (flash && now < flash.until) requestAnimationFrame(step); else { flash = null; draw(); } };
    requestAnimationFrame(step);
  };
  painter.onReady = () => draw();
  // For the browser tests' frame-rate figure: animate a fight's flash over the whole board for
  // ``frames`` frames and answer the frames per second the browser managed.
  (window as any).scrypticFightFps = (frames: number) => new Promise<number>((done) => {
    if (!view) { done(0); return; }
    const cells = new Set<string>();
    for (let r = 0; r < view.height; r++) for (let c = 0; c < view.width; c++) cells.add(key(r, c));
    let count = 0, start = 0;
    const step = (now: number) => {
      if (count === 0) start = now;
      flash = { cells, until: now + 900 };
      draw(now);
      if (++count <= frames) requestAnimationFrame(step);
      else { flash = null; draw(); done((frames * 1000) / (now - start)); }
    };
    requestAnimationFrame(step);
  });
  new ResizeObserver(resize).observe(boardBox);

  const renderHeader = () => {
    header.innerHTML = "";
    if (!view) return;
    const n = names();
    for (const s of ["1", "2"]) {
      const p = view.players[s];
      const conn = info?.players?.[s]?.connected === false ? " (away)" : "";
      header.append(el("div", { class: `player p${s}${actor(view) === Number(s) ? " acting" : ""}` },
        el("span", { class: "name" }, `${n[s]}${conn}`), el("span", { class: "score", "aria-label": `${n[s]} score` }, ` ${p.score}`),
        el("span", { class: "pool" }, ` pool ${p.pool ?? "-"}`), el("span", { class: "clock", id: `clock-${s}`, role: "timer", "aria-label": `${n[s]}'s clock` })));
    }
    tickClocks();
    let status: string;
    if (view.result) status = statusLine();
    else if (info?.status === "open") status = "Waiting for a second player";
    else if (seat == null) status = `Watching: ${n[String(actor(view))]} to act`;
    else status = myTurn() ? "Your move" : `${n[String(actor(view))]} to move`;
    header.append(el("div", { class: "status", id: "status", role: "status" }, status));
  };

  const tickClocks = () => {
    if (!clock || clock.kind === "none") return;
    for (const s of ["1", "2"]) {
      const span = document.getElementById(`clock-${s}`);
      if (!span) continue;
      let left = Number(clock.left?.[s] ?? 0);
      if (clock.running === Number(s) && !view?.result) left -= (performance.now() - clockAt) / 1000;
      span.textContent = ` ${formatClock(left)}`;
      span.classList.toggle("low", left < 30);
    }
  };
  setInterval(tickClocks, 500);

  const renderRack = () => {
    rack.innerHTML = "";
    const mine = seat != null ? view?.players[String(seat)]?.rack : null;
    if (!mine) { rack.append(el("span", { class: "hint" }, seat == null ? "You are watching." : "")); return; }
    for (const ch of rackLeft(mine, placed)) {
      const metal = seat === 2 ? "silver" : "gold";
      const coin = el("button", { type: "button", class: `coin ${metal}`, "aria-label": coinLabel(ch), "data-letter": ch }, ch.toUpperCase());
      const at = (atlasIndex.coins as any)[metal][ch] as [number, number];
      coin.style.backgroundPosition = `${(at[0] * 100) / 25}% ${(at[1] * 100) / 8}%`;
      coin.addEventListener("click", () => { if (cursor) place(ch); else canvas.focus(); });
      coin.addEventListener("pointerdown", (ev) => startDrag(ev, ch, coin));
      rack.append(coin);
    }
  };

  const act = async (action: any) => {
    try {
      await conn.request("act", { game: id, action, expect_version: version });
      placed.clear(); preview = null;
    } catch (err) { showBanner(err instanceof ServerError ? err.reason : String(err), "error"); }
    refresh();
  };
  const renderControls = () => {
    controls.innerHTML = "";
    if (!view || seat == null || view.result) {
      if (view?.result) controls.append(el("a", { href: "/", class: "buttonlike" }, "Back to the lobby"));
      return;
    }
    const pending = view.pending;
    if (pending?.kind === "defence" && pending.player === seat) {
      // The defence order: the defenders in the order they meet the attack, suggested first.
      const order = defenceOrder ?? [...pending.suggested_order];
      const list = el("ol", { class: "defence", "aria-label": "defence order" });
      order.forEach((index, at) => {
        const d = pending.defenders[index];
        const up = button("Up", () => { [order[at - 1], order[at]] = [order[at], order[at - 1]]; defenceOrder = order; renderControls(); },
          { "aria-label": `move ${String(d.word).toUpperCase()} earlier` });
        up.disabled = at === 0;
        list.append(el("li", { "data-index": String(index) }, `${String(d.word).toUpperCase()} (${d.strength}) `, up));
      });
      controls.append(el("span", {}, `Defend against ${String(pending.attack.word).toUpperCase()} (${pending.attack.strength}):`), list,
        button("Defend in this order", () => act({ type: "order_defence", order }), { id: "defend" }),
        button("Suggested order", () => { defenceOrder = null; renderControls(); }));
    } else if (pending?.kind === "discard" && pending.player === seat) {
      const rackNow = view.players[String(seat)].rack ?? "";
      const picks = el("div", { class: "discard", role: "group", "aria-label": `choose ${pending.count} letter(s) to discard` });
      rackNow.split("").forEach((ch, i) => {
        const b = button(ch.toUpperCase(), () => { if (discardPick.has(i)) discardPick.delete(i); else discardPick.add(i); renderControls(); },
          { "aria-pressed": String(discardPick.has(i)), class: "pick", "aria-label": `discard ${ch.toUpperCase()}` });
        picks.append(b);
      });
      const chosen = [...discardPick].map((i) => rackNow[i]).join("");
      const go = button(`Discard ${chosen.toUpperCase() || "..."}`, () => act({ type: "discard", letters: chosen }), { id: "discard" });
      go.disabled = discardPick.size !== pending.count;
      controls.append(el("span", {}, `Choose ${pending.count} to discard: `), picks, go);
    } else {
      const commit = button("Commit", () => act({ type: "commit", placements: placements(placed), ...(placed.size === 1 ? { direction: dir } : {}) }), { id: "commit" });
      commit.disabled = !myTurn() || !preview?.ok || previewPending;
      const end = button("End turn", () => act({ type: "end_turn" }), { id: "end-turn" });
      end.disabled = !myTurn();
      const redeploy = button("Redeploy", () => { if (cursor) act({ type: "redeploy", cell: cursor, direction: dir }); }, { id: "redeploy", title: "lift your word through the cursor's cell and lay it again" });
      redeploy.disabled = !myTurn() || !cursor || view.redeployed;
      controls.append(commit, button("Clear", () => { placed.clear(); refresh(); }, { id: "clear" }),
        button(`Direction: ${dir}`, () => { dir = dir === "across" ? "down" : "across"; refresh(); }, { id: "direction", "aria-pressed": String(dir === "down") }),
        end, redeploy);
    }
    controls.append(button("Offer a draw", () => conn.request("offer", { game: id, kind: "draw" }).catch((e) => showBanner(e.reason, "error")), { id: "offer-draw" }),
      button("Resign", () => { if (confirm("Resign this game?")) act({ type: "resign" }); }, { id: "resign" }));
    controls.append(button("Ask to take back", () => conn.request("offer", { game: id, kind: "takeback" }).catch((e) => showBanner(e.reason, "error")), { id: "offer-takeback" }));
    for (const kind of ["draw", "takeback"] as const) {
      const by: number[] = info?.offers?.[kind] ?? [];
      if (by.length && !by.includes(seat)) {
        const what = kind === "draw" ? "the draw" : "the takeback";
        controls.append(button(`Accept ${what}`, () => conn.request("answer_offer", { game: id, kind, accept: true }).catch((e) => showBanner(e.reason, "error")), { id: `accept-${kind}` }),
          button(`Decline ${what}`, () => conn.request("answer_offer", { game: id, kind, accept: false }).catch((e) => showBanner(e.reason, "error")), { id: `decline-${kind}` }));
      }
    }
  };

  const renderFight = () => {
    fight.innerHTML = "";
    fight.append(el("h2", {}, "This turn"));
    if (!preview) {
      fight.append(el("p", { class: "hint" }, seat == null ? "The players' turns appear in the chronicle." : myTurn() ? "Click a cell, then type or drag letters." : "You may lay out your next word while you wait."));
      return;
    }
    if (preview.error) fight.append(el("p", { class: "bad", id: "preview-error" }, preview.error));
    for (const w of preview.words) fight.append(el("p", { class: w.is_word ? "good" : "bad" }, `${w.text.toUpperCase()} ${w.is_word ? "is a word" : "is not a word"}`));
    if (preview.ok) {
      fight.append(el("p", { id: "preview-score" }, `${preview.word.toUpperCase()}: strength ${preview.strength}, score ${preview.score >= 0 ? "+" : ""}${preview.score}`));
      for (const n of preview.strength_notes) fight.append(el("p", { class: "note" }, n));
      for (const d of preview.defenders) fight.append(el("p", {}, `defender ${d.text.toUpperCase()} (${d.strength})`));
      for (const line of [...preview.outcome, ...preview.why, ...preview.warnings]) fight.append(el("p", { class: "note" }, line));
    }
  };

  // The preview is asked once the layout has been still for PREVIEW_WAIT ms (not on every
  // keystroke of a word typed quickly); Commit waits for the answer about the layout as it is.
  let previewTimer: ReturnType<typeof setTimeout> | undefined, previewPending = false;
  const askPreview = () => {
    const ask = ++previewAsk;
    clearTimeout(previewTimer);
    if (!placed.size || seat == null) { previewPending = false; preview = null; renderFight(); renderControls(); draw(); return; }
    previewPending = true;
    previewTimer = setTimeout(() => void fetchPreview(ask), PREVIEW_WAIT);
  };
  const fetchPreview = async (ask: number) => {
    try {
      const got = await conn.request("preview", { game: id, placements: placements(placed), ...(placed.size === 1 ? { direction: dir } : {}) });
      if (ask === previewAsk) preview = got.preview;
    } catch (err) { if (ask === previewAsk) preview = { error: err instanceof ServerError ? err.reason : String(err), words: [] }; }
    if (ask === previewAsk) { previewPending = false; renderFight(); renderControls(); draw(); }
  };

  const refresh = () => { renderHeader(); renderRack(); renderControls(); renderFight(); draw(); askPreview(); };

  const place = (ch: string) => {
    if (!view || !cursor || seat == null) return;
    const rackNow = view.players[String(seat)].rack ?? "";
    if (!rackLeft(rackNow, placed).includes(ch)) { cellNote.textContent = `No ${ch.toUpperCase()} left in your rack.`; return; }
    placed.set(key(...cursor), ch);
    cursor = advance(cursor, dir, view.height, view.width, placed);
    refresh();
  };
  const moveCursor = (dr: number, dc: number) => {
    if (!view) return;
    const [r, c] = cursor ?? [0, 0];
    cursor = [Math.max(0, Math.min(view.height - 1, r + dr)), Math.max(0, Math.min(view.width - 1, c + dc))];
    cellNote.textContent = describeCell(view, ...cursor);
    canvas.setAttribute("aria-label", `the board; cursor at ${cellNote.textContent}`);
    renderControls(); draw();
  };
  canvas.addEventListener("keydown", (ev) => {
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[ev.key]) { moveCursor(...moves[ev.key]); ev.preventDefault(); }
    else if (/^[a-zA-Z]$/.test(ev.key) && !ev.ctrlKey && !ev.metaKey) { if (!cursor) moveCursor(0, 0); place(ev.key.toLowerCase()); ev.preventDefault(); }
    else if (ev.key === "Backspace" && cursor) {
      const k = key(...cursor);
      if (placed.has(k)) placed.delete(k);
      else { const [r, c] = cursor; const back: Cell = dir === "across" ? [r, Math.max(0, c - 1)] : [Math.max(0, r - 1), c]; placed.delete(key(...back)); cursor = back; }
      refresh(); ev.preventDefault();
    } else if (ev.key === " ") { dir = dir === "across" ? "down" : "across"; refresh(); ev.preventDefault(); }
    else if (ev.key === "Enter") { (document.getElementById("commit") as HTMLButtonElement | null)?.click(); ev.preventDefault(); }
    else if (ev.key === "Escape") { placed.clear(); refresh(); }
  });
  const cellOfEvent = (ev: { clientX: number; clientY: number }): Cell | null => {
    if (!layout) return null;
    const rect = canvas.getBoundingClientRect(), ratio = canvas.width / rect.width;
    return cellAt(layout, (ev.clientX - rect.left) * ratio, (ev.clientY - rect.top) * ratio);
  };
  canvas.addEventListener("click", (ev) => {
    const cell = cellOfEvent(ev);
    if (!cell) return;
    // A second click on the cell clicked last turns the direction (not a click on the cell the
    // cursor moved on to by itself after a letter).
    if (lastClick && lastClick[0] === cell[0] && lastClick[1] === cell[1] && cursor && key(...cursor) === key(...cell)) dir = dir === "across" ? "down" : "across";
    cursor = cell;
    lastClick = cell;
    canvas.focus();
    moveCursor(0, 0);
    renderControls();
  });
  const startDrag = (ev: PointerEvent, ch: string, coin: HTMLElement) => {
    const ghost = coin.cloneNode(true) as HTMLElement;
    ghost.classList.add("ghost");
    let moved = false;
    const move = (e: PointerEvent) => {
      if (!moved && Math.hypot(e.clientX - ev.clientX, e.clientY - ev.clientY) < 6) return;
      if (!moved) { document.body.append(ghost); moved = true; }
      ghost.style.left = `${e.clientX - 20}px`; ghost.style.top = `${e.clientY - 20}px`;
    };
    const up = (e: PointerEvent) => {
      window.removeEventListener("pointermove", move); window.removeEventListener("pointerup", up);
      if (!moved) return;
      ghost.remove();
      const cell = cellOfEvent(e);
      if (cell) { cursor = cell; cellNote.textContent = describeCell(view!, ...cell); place(ch); }
    };
    window.addEventListener("pointermove", move); window.addEventListener("pointerup", up);
  };

  const takeState = (m: PushOf<"state">) => {
    if (m.game !== id) return;
    // A state behind the page's version is a takeback: it replaces the chronicle too.
    if (m.version < version) { chronicle.length = 0; log.innerHTML = ""; }
    view = m.view; seat = m.seat; info = m.info; version = m.version;
    clock = m.info?.clock ?? null; clockAt = performance.now();
    const opened = !chronicle.length;
    if (m.events?.length) tell(m.events);
    else if (opened && version > 0 && view?.result) void tellRecord();
    else if (opened && version > 0) {
      chronicle.push(`${version} action(s) were played before you opened the game.`);
      log.append(el("li", { class: "hint" }, chronicle[0]));
    }
    canvas.dataset.version = String(version);
    persist(); resize(); refresh();
    if (view?.result && opened) showBanner(`This game is over: ${statusLine()}.`);
  };
  /** The result in words ("Silver wins (resigned)"), or "" while the game goes on. */
  const statusLine = () => !view?.result ? "" : view.result.winner == null ? `Drawn (${view.result.reason})`
    : `${names()[String(view.result.winner)]} wins (${view.result.reason})`;
  // A game opened after its end: its whole chronicle from its record (the `export` request).
  const tellRecord = async () => {
    let lines: string[] = [];
    try { lines = String((await conn.request("export", { game: id })).record).split("\n").filter((l) => l.trim()); }
    catch { lines = []; }
    for (const line of lines.slice(1)) {
      const said = describeAction(JSON.parse(line), names());
      if (said) { chronicle.push(said); log.append(el("li", {}, said)); }
    }
    const end = statusLine();
    chronicle.push(end); log.append(el("li", {}, end));
    persist();
  };
  conn.on("state", takeState);
  conn.on("update", (m) => {
    if (m.game !== id || m.version <= version) return;
    view = m.view; version = m.version;
    if (m.clock !== undefined) { clock = m.clock; clockAt = performance.now(); }
    defenceOrder = null; discardPick = new Set();
    canvas.dataset.version = String(version);
    tell(m.events); refresh();
  });
  conn.on("missed", (m) => { if (m.game === id) for (const u of m.updates) if (u.version > version) tell(u.events); });
  conn.on("info", (m) => {
    if (m.game !== id) return;
    info = m.info;
    if (m.info?.clock) { clock = m.info.clock; clockAt = performance.now(); }
    renderHeader(); renderControls();
  });
  conn.on("presence", (m) => { if (m.game === id && info?.players?.[String(m.seat)]) { info.players[String(m.seat)].connected = m.connected; renderHeader(); } });

  for (const line of chronicle) log.append(el("li", {}, line));
  const since = version >= 0 ? { since: version } : {};
  try {
    if (session.user) {
      try { await conn.request("attach", { game: id, ...since }); return; }
      catch (err) { if (!(err instanceof ServerError && err.code === "bad_seat_token")) throw err; }
    }
    await conn.request("watch", { game: id, ...since });
  } catch (err) {
    if (err instanceof ServerError && err.code === "no_such_game") showProblem("No such game", `There is no game "${id}" on this server (or it is private).`);
    else showProblem("This game cannot be opened", err instanceof ServerError ? err.reason : String(err));
  }
}
