// The single page: reads the address and opens the lobby, a game, or says what is missing.
import "./style.css";
import { savedToken, saveToken, tokenFromHash } from "./identity";
import { Connection, ServerError, socketUrl } from "./net";
import { openLobby } from "./lobby";
import { openGame } from "./game";
import { openAnalysis } from "./analysis";
import { openPuzzle } from "./puzzle";
import { openReplay } from "./replay";

export interface Session { conn: Connection; hello: any; user: { id: number; name: string } | null }

const app = document.getElementById("app")!;
const banner = document.getElementById("banner")!;

export function showBanner(text: string | null, kind: "info" | "error" = "info"): void {
  banner.hidden = !text;
  banner.textContent = text ?? "";
  banner.className = kind;
}

/** A whole page that says what went wrong and where to go: never a blank screen. */
export function showProblem(title: string, text: string): void {
  app.innerHTML = "";
  const box = document.createElement("section");
  box.className = "panel problem";
  box.innerHTML = `<h1></h1><p></p><p><a href="/">Go to the lobby</a></p>`;
  box.querySelector("h1")!.textContent = title;
  box.querySelector("p")!.textContent = text;
  app.append(box);
}

type Page = (app: HTMLElement, session: Session, path: string[], reconnected: boolean) => Promise<void>;

function pageFor(path: string[]): Page | null {
  if (path.length === 0) return openLobby;
  if (path[0] === "game" && path.length === 2) return openGame;
  if (path[0] === "analysis" && path.length === 2) return openAnalysis;
  if (path[0] === "puzzle" && path.length === 2) return openPuzzle;
  if (path[0] === "replay" && path.length === 2) return openReplay;
  return null;
}

function main(): void {
  const carried = tokenFromHash(location.hash);
  if (carried) {
    saveToken(localStorage, carried);
    history.replaceState(null, "", location.pathname);
  }
  const path = location.pathname.split("/").filter(Boolean);
  const page = pageFor(path);
  if (!page) { showProblem("Nothing here", "There is no page at this address."); return; }
  let opened = false;
  const session: Session = { conn: null as unknown as Connection, hello: null, user: null };
  session.conn = new Connection(socketUrl(location), async (conn) => {
    const token = savedToken(localStorage);
    try {
      session.hello = await conn.request("hello", { client: "scryptic-web/0.1", ...(token ? { token } : {}) });
    } catch (err) {
      if (err instanceof ServerError && err.code === "bad_token") {
        saveToken(localStorage, null);
        showBanner("Your saved sign-in is not known to this server: you are a guest now. Sign in again in the lobby.", "error");
        session.hello = await conn.request("hello", { client: "scryptic-web/0.1" });
      } else throw err;
    }
    session.user = session.hello.user;
    const again = opened;
    opened = true;
    conn.clearHandlers();
    await page(app, session, path, again);
  }, (status, detail) => {
    if (status === "lost") showBanner(detail ? `Problem: ${detail}` : "The connection to the server was lost; trying again...", "error");
    else if (banner.className === "error" && banner.textContent?.startsWith("The connection")) showBanner(null);
  });
  session.conn.start();
}

main();
