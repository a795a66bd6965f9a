// The replay of a finished game: the server replays its record to the version asked (the
// `replay` request) and the board draws the view it answers; the page never applies an action.
import { BoardCanvas } from "./boardview";
import type { View } from "./board";
import { button, el } from "./dom";
import { ServerError } from "./net";
import type { Session } from "./main";
import { showProblem } from "./main";
import { describeAction } from "./turn";

export async function openReplay(app: HTMLElement, session: Session, path: string[]): Promise<void> {
  const id = path[1];
  if (!/^[a-z0-9]{4,32}$/.test(id)) { showProblem("No replay of this game", `"${id}" is not a game id.`); return; }
  const ask = (version: number) => session.conn.request("replay", { game: id, version });
  let first: any;
  try { first = await ask(0); }
  catch (err) {
    if (err instanceof ServerError && err.code === "not_finished") showProblem("No replay of this game yet", "The game is still being played: watch it instead.");
    else showProblem("No replay of this game", err instanceof ServerError ? err.reason : String(err));
    return;
  }
  const versions: number = first.versions;
  const names: Record<string, string> = { "1": "Gold", "2": "Silver" };
  const cache = new Map<number, any>([[0, first]]);
  let at = 0, asked = 0;

  app.innerHTML = "";
  const board = new BoardCanvas(`the replay of game ${id}`);
  const status = el("div", { class: "status", id: "status", role: "status" });
  const scores = el("div", { class: "scores", id: "scores" });
  const said = el("p", { id: "replay-action", "aria-live": "polite" });
  const slider = el("input", { type: "range", id: "replay-slider", min: "0", max: String(versions), value: "0",
                               "aria-label": "version", step: "1" });
  const go = (v: number) => void show(Math.max(0, Math.min(versions, v)));
  const controls = el("div", { class: "controls replay-controls" },
    button("\u00ab First", () => go(0), { id: "replay-first" }), button("\u25c0 Previous", () => go(at - 1), { id: "replay-prev" }),
    slider, button("Next \u25b6", () => go(at + 1), { id: "replay-next" }), button("Last \u00bb", () => go(versions), { id: "replay-last" }));
  const side = el("aside", { class: "side" }, el("section", { class: "panel" }, el("h2", {}, "Replay"), said,
    el("p", { class: "note" }, el("a", { href: `/analysis/${id}` }, "The analysis of this game"))));
  app.append(el("div", { class: "game replay" }, el("header", { class: "game-header" }, status, scores),
    el("div", { class: "play" }, board.box, side), controls));
  slider.addEventListener("input", () => go(Number(slider.value)));
  board.canvas.addEventListener("keydown", (ev) => {
    const step: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };
    if (step[ev.key]) { go(at + step[ev.key]); ev.preventDefault(); }
    else if (ev.key === "Home") { go(0); ev.preventDefault(); }
    else if (ev.key === "End") { go(versions); ev.preventDefault(); }
  });

  const show = async (version: number) => {
    const mine = ++asked;
    let data = cache.get(version);
    if (!data) {
      try { data = await ask(version); }
      catch (err) { said.textContent = err instanceof ServerError ? err.reason : String(err); return; }
      cache.set(version, data);
    }
    if (mine !== asked) return;  // a later step was asked meanwhile
    at = version;
    const view: View = data.view;
    board.show(view);
    slider.value = String(at);
    status.textContent = `Version ${at} of ${versions}`;
    scores.textContent = `Gold ${view.players["1"].score} \u00b7 Silver ${view.players["2"].score}`;
    said.textContent = at === 0 ? "The game begins." : describeAction(data.action, names) ?? `${data.action.type}`;
    if (at === versions && first.result) {
      const r = first.result;
      said.textContent += ` ${r.winner == null ? "Drawn" : `${names[String(r.winner)]} wins`} (${r.reason}).`;
    }
    for (const [bid, off] of [["replay-first", at === 0], ["replay-prev", at === 0], ["replay-next", at === versions], ["replay-last", at === versions]] as const) {
      (document.getElementById(bid) as HTMLButtonElement).disabled = off;
    }
  };
  await show(0);
}
