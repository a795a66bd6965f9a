// The analysis page: the server's post-game analysis of a finished game (docs/analysis.md).
import { el } from "./dom";
import { ServerError } from "./net";
import type { Session } from "./main";
import { showProblem } from "./main";

const percent = (x: number | null | undefined) => (x == null ? "-" : `${Math.round(x * 100)}%`);

function drawGraph(canvas: HTMLCanvasElement, graph: number[]): void {
  const ctx = canvas.getContext("2d")!, w = canvas.width, h = canvas.height;
  ctx.fillStyle = "#2a1d12"; ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = "#ffffff30"; ctx.beginPath(); ctx.moveTo(0, h / 2); ctx.lineTo(w, h / 2); ctx.stroke();
  if (graph.length < 2) return;
  const x = (i: number) => (i * w) / (graph.length - 1), y = (p: number) => h - p * h;
  ctx.beginPath(); ctx.moveTo(0, h);
  graph.forEach((p, i) => ctx.lineTo(x(i), y(p)));
  ctx.lineTo(w, h); ctx.closePath(); ctx.fillStyle = "#e8c15a60"; ctx.fill();
  ctx.beginPath(); graph.forEach((p, i) => (i ? ctx.lineTo(x(i), y(p)) : ctx.moveTo(x(i), y(p))));
  ctx.strokeStyle = "#f0c860"; ctx.lineWidth = 2; ctx.stroke();
}

function render(app: HTMLElement, id: string, a: any): void {
  app.innerHTML = "";
  const graph = el("canvas", { width: "800", height: "160", class: "graph", role: "img",
    "aria-label": `Gold's chance of winning over the game: ${(a.graph ?? []).map(percent).join(", ")}` });
  const rows = el("tbody", {});
  for (const t of a.turns ?? []) {
    rows.append(el("tr", { class: t.label ?? "" }, el("td", {}, String(t.number)), el("td", {}, t.player === 1 ? "Gold" : "Silver"),
      el("td", {}, t.played_summary ?? ""), el("td", {}, t.best_summary ?? ""),
      el("td", {}, `${percent(t.chance_before)} -> ${percent(t.chance_after)}`), el("td", {}, t.label ?? "")));
  }
  const acc = a.accuracy ?? {};
  app.append(el("div", { class: "lobby analysis" }, el("h1", { class: "title" }, "Analysis"),
    el("section", { class: "panel" }, el("p", {}, el("a", { href: `/game/${id}` }, "the game"),
      ` - accuracy: Gold ${acc["1"] ?? "-"}, Silver ${acc["2"] ?? "-"}`), graph),
    el("section", { class: "panel" }, el("table", { class: "turns" },
      el("thead", {}, el("tr", {}, ...["Turn", "Side", "Played", "Best found", "Gold's chance", ""].map((h) => el("th", { scope: "col" }, h)))), rows))));
  drawGraph(graph, a.graph ?? []);
}

export async function openAnalysis(app: HTMLElement, session: Session, path: string[]): Promise<void> {
  const id = path[1];
  session.conn.on("analysis", (m) => { if (m.game === id) render(app, id, m.analysis); });
  session.conn.on("analysis_failed", (m) => { if (m.game === id) showProblem("No analysis", m.reason); });
  try {
    const got = await session.conn.request("analyse", { game: id });
    if (got.status === "ready") render(app, id, got.analysis);
    else {
      app.innerHTML = "";
      app.append(el("section", { class: "panel problem", role: "status" }, el("h1", {}, "Analysing"),
        el("p", {}, `The server is analysing this game (${got.ahead} before it); this page fills in when it is done.`)));
    }
  } catch (err) {
    const reason = err instanceof ServerError ? err.reason : String(err);
    if (err instanceof ServerError && err.code === "not_finished") showProblem("The game is not over", "A game is analysed once it is finished.");
    else if (err instanceof ServerError && err.code === "no_such_game") showProblem("No such game", `There is no game "${id}" on this server.`);
    else showProblem("No analysis", reason);
  }
}
