// The lobby: sign in, my games and challenges, seeks to join, games to watch, a new game.
import { button, el } from "./dom";
import { saveToken, savedToken, signInLink } from "./identity";
import { Connection, ServerError, socketUrl } from "./net";
import type { Session } from "./main";
import { showBanner } from "./main";

function players(entry: any): string {
  const p = entry.players ?? {};
  return `${p["1"] ?? "(open)"} vs ${p["2"] ?? "(open)"}`;
}

function gameRow(entry: any, action: HTMLElement): HTMLLIElement {
  return el("li", {}, el("span", { class: "entry" }, `${entry.map} - ${entry.rules} - ${players(entry)}`), action);
}

export async function openLobby(app: HTMLElement, session: Session): Promise<void> {
  const { conn } = session;
  app.innerHTML = "";
  const root = el("div", { class: "lobby" });
  app.append(root);
  root.append(el("h1", { class: "title" }, "Scryptic"));

  const account = el("section", { class: "panel", "aria-labelledby": "account-h" }, el("h2", { id: "account-h" }, "You"));
  if (session.user) {
    const token = savedToken(localStorage) ?? "";
    const link = el("input", { readonly: "", value: signInLink(location.origin, token), "aria-label": "sign-in link for another device", class: "link" });
    account.append(el("p", {}, `Signed in as ${session.user.name}.`),
      el("p", { class: "hint" }, "Open this link on another device to play there as you (keep it secret):"), link,
      button("Sign out", () => { saveToken(localStorage, null); location.reload(); }));
  } else {
    const name = el("input", { id: "name", name: "name", maxlength: "24", required: "", autocomplete: "nickname" });
    const form = el("form", { class: "signin" }, el("label", { for: "name" }, "Display name "), name, el("button", { type: "submit" }, "Sign in"));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      try {
        conn.close();
        const probe = new Connection(socketUrl(location), async (c) => {
          const hello = await c.request("hello", { client: "scryptic-web/0.1", name: name.value.trim() });
          saveToken(localStorage, hello.token);
          c.close();
          location.reload();
        }, (status, detail) => { if (detail) showBanner(detail, "error"); else if (status === "lost") showBanner("Could not reach the server.", "error"); });
        probe.start();
      } catch (err) { showBanner(String(err), "error"); }
    });
    account.append(el("p", {}, "You are a guest: you can watch. Choose a name to play."), form);
  }
  root.append(account);

  const mine = el("section", { class: "panel", "aria-labelledby": "mine-h" }, el("h2", { id: "mine-h" }, "My games"));
  const seeks = el("section", { class: "panel", "aria-labelledby": "seeks-h" }, el("h2", { id: "seeks-h" }, "Seeks"));
  const live = el("section", { class: "panel", "aria-labelledby": "live-h" }, el("h2", { id: "live-h" }, "Games to watch"));
  root.append(mine, seeks, live);

  if (session.user) {
    const create = el("section", { class: "panel", "aria-labelledby": "new-h" }, el("h2", { id: "new-h" }, "New game"));
    const mapSel = el("select", { id: "map", "aria-label": "map" }, ...session.hello.maps.map((m: string) => el("option", { value: m }, m)));
    const rulesSel = el("select", { id: "rules", "aria-label": "rules" }, ...session.hello.presets.map((p: string) => el("option", { value: p }, p)));
    if (session.hello.presets.includes("war")) rulesSel.value = "war";  // the rule set the game is tuned for
    const opp = el("select", { id: "opponent", "aria-label": "opponent" }, el("option", { value: "human" }, "a person (a seek)"),
      el("option", { value: "bot" }, "the computer"));
    const clockSel = el("select", { id: "clock", "aria-label": "clock" }, el("option", { value: "none" }, "no clock"),
      el("option", { value: "fischer" }, "10 min + 5 s"), el("option", { value: "per_turn" }, "2 min a turn"),
      el("option", { value: "correspondence" }, "a day a turn"));
    const clocks: Record<string, any> = { none: { kind: "none" }, fischer: { kind: "fischer", initial: 600, increment: 5 },
      per_turn: { kind: "per_turn", seconds: 120 }, correspondence: { kind: "correspondence", days: 1 } };
    const who = el("input", { id: "challenge-name", placeholder: "name to challenge (optional)", "aria-label": "name to challenge", maxlength: "24" });
    create.append(el("div", { class: "row" }, mapSel, rulesSel, clockSel, opp, who), button("Create", async () => {
      try {
        const settings = { map: mapSel.value, rules: rulesSel.value, time_control: clocks[clockSel.value] };
        const made = who.value.trim()
          ? await conn.request("challenge", { ...settings, name: who.value.trim() })
          : await conn.request("create_game", { ...settings, opponent: opp.value as "human" | "bot" });
        location.assign(`/game/${made.game}`);
      } catch (err) { showBanner(err instanceof ServerError ? err.reason : String(err), "error"); }
    }, { id: "create" }));
    root.insertBefore(create, mine);
    await renderMine(conn, mine);
    // "My games" follows the server: a challenge to you, your turn, a seek of yours joined.
    const again = () => void renderMine(conn, mine);
    conn.on("challenge", again); conn.on("your_turn", again); conn.on("lobby", again);
  } else mine.append(el("p", { class: "hint" }, "Sign in to see your games."));

  const lists = await conn.request("subscribe_lobby", {});
  const render = (data: any) => {
    seeks.querySelector("ul")?.remove();
    live.querySelector("ul")?.remove();
    const s = el("ul", {}), w = el("ul", {});
    for (const e of data.open) {
      s.append(gameRow(e, session.user && e.player_ids?.[String(3 - e.open_seat)] !== session.user.id
        ? button("Join", async () => {
          try { await conn.request("join", { game: e.game }); location.assign(`/game/${e.game}`); } catch (err) { showBanner(err instanceof ServerError ? err.reason : String(err), "error"); }
        }) : el("a", { href: `/game/${e.game}` }, "Open")));
    }
    for (const e of data.live) w.append(gameRow(e, el("a", { href: `/game/${e.game}` }, "Watch")));
    if (!s.childElementCount) s.append(el("li", { class: "hint" }, "No one is waiting for a game."));
    if (!w.childElementCount) w.append(el("li", { class: "hint" }, "No games in progress."));
    seeks.append(s); live.append(w);
  };
  let current = lists;
  render(current);
  conn.on("lobby", async () => { current = await conn.request("list_games", {}); render(current); });
}

/** Fill (or fill again) the lobby's "My games": games in progress and challenges to you. */
async function renderMine(conn: Connection, mine: HTMLElement): Promise<void> {
  const my = await conn.request("my_games", {});
  const list = el("ul", {});
  for (const g of my.games) {
    list.append(el("li", {}, el("a", { href: `/game/${g.game}` }, `${g.map} vs ${g.opponent?.name ?? "(waiting)"}`),
      el("span", { class: g.my_move ? "turn" : "wait" }, g.my_move ? " your move" : g.status === "open" ? " waiting for a player" : "")));
  }
  for (const ch of my.challenges) {
    list.append(el("li", {}, `${ch.by.name} challenges you (${ch.entry.map}) `,
      button("Accept", async () => { await conn.request("answer_challenge", { game: ch.game, accept: true }); location.assign(`/game/${ch.game}`); }),
      button("Decline", async () => { await conn.request("answer_challenge", { game: ch.game, accept: false }); location.reload(); })));
  }
  if (!list.childElementCount) list.append(el("li", { class: "hint" }, "No games in progress."));
  mine.querySelector("ul")?.remove();
  mine.append(list);
}
