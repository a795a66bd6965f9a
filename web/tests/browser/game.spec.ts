// Two browser players play a game the server knows to be legal (scripted by the harness), a
// third browser watches; a reload mid-game resumes; one player is on a phone-sized screen.
import { expect, test, type Page } from "@playwright/test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

interface Fixture { game: string; versus: string; versusActions: any[]; signals: string; tokens: Record<string, string>; actions: any[]; screens: string; figures: string }
const fx: Fixture = JSON.parse(readFileSync(process.env.SCRYPTIC_FIXTURE!, "utf8"));
const shot = (page: Page, name: string) => page.screenshot({ path: join(fx.screens, `${name}.png`) });

async function clickCell(page: Page, r: number, c: number): Promise<void> {
  const board = page.locator("#board");
  const d = await board.evaluate((b: HTMLCanvasElement) => ({ ...b.dataset }));
  const cell = Number(d.cell), x0 = Number(d.x0), y0 = Number(d.y0);
  await board.click({ position: { x: x0 + (c + 0.5) * cell, y: y0 + (r + 0.5) * cell } });
  await expect(page.locator("#cell-note"), JSON.stringify(d)).toContainText(`row ${r + 1}, column ${c + 1},`);
}

async function version(page: Page): Promise<number> {
  return Number(await page.locator("#board").getAttribute("data-version"));
}

async function dragToCell(page: Page, ch: string, r: number, c: number): Promise<void> {
  const board = page.locator("#board");
  const d = await board.evaluate((b: HTMLCanvasElement) => ({ ...b.dataset }));
  const cell = Number(d.cell), x0 = Number(d.x0), y0 = Number(d.y0);
  await page.locator(`.rack .coin[data-letter="${ch}"]`).first().dragTo(board, { targetPosition: { x: x0 + (c + 0.5) * cell, y: y0 + (r + 0.5) * cell } });
  await expect(page.locator("#cell-note")).toContainText(`row ${r + 1}, column ${c + 1},`);
}

async function play(page: Page, action: any, versionBefore: number, drag = false, enter = false): Promise<void> {
  if (action.type === "commit") {
    for (const [r, c, ch] of action.placements) {
      if (drag) { await dragToCell(page, ch, r, c); continue; }
      await clickCell(page, r, c);
      await page.keyboard.press(ch);
    }
    if (action.placements.length === 1) {
      // The controls are drawn again when the preview answers: a click on a button that was
      // just replaced is lost, so turn the direction until it reads right.
      await expect(async () => {
        if (!(await page.locator("#direction").textContent())!.endsWith(action.direction)) await page.locator("#direction").click();
        await expect(page.locator("#direction")).toHaveText(`Direction: ${action.direction}`, { timeout: 1000 });
      }).toPass();
    }
    await expect(page.locator("#commit")).toBeEnabled();
    await expect(page.locator("#preview-score")).toContainText(action.placements.length > 1 ? "strength" : "");
    if (enter) { await page.locator("#board").focus(); await page.keyboard.press("Enter"); }  // Enter on the board commits
    else await page.locator("#commit").click();
  } else if (action.type === "end_turn") {
    await page.locator("#end-turn").click();
  } else if (action.type === "discard") {
    for (const ch of action.letters.toUpperCase()) await page.locator(`.discard button[aria-label="discard ${ch}"][aria-pressed="false"]`).first().click();
    await expect(page.locator("#discard")).toBeEnabled();
    await page.locator("#discard").click();
  } else if (action.type === "order_defence") {
    // Try another order first (the last defender moved up), go back to the suggested one, then
    // move each defender up to its place in the order wanted and defend in that order.
    const items = page.locator("ol.defence li");
    const shown = () => items.evaluateAll((lis) => lis.map((li) => Number((li as HTMLElement).dataset.index)));
    const suggested = await shown();
    if (suggested.length > 1) {
      await items.last().getByRole("button").click();
      const moved = [...suggested]; [moved[moved.length - 2], moved[moved.length - 1]] = [moved[moved.length - 1], moved[moved.length - 2]];
      await expect.poll(shown).toEqual(moved);
      await page.getByRole("button", { name: "Suggested order" }).click();
      await expect.poll(shown).toEqual(suggested);
    }
    for (const [at, index] of action.order.entries()) {
      const item = page.locator(`ol.defence li[data-index="${index}"]`);
      const now = () => item.evaluate((li) => [...li.parentElement!.children].indexOf(li));
      while ((await now()) > at) await item.getByRole("button").click();
    }
    await page.locator("#defend").click();
  } else throw new Error(`the test plays no ${action.type}`);
  // At least: an opponent on another client may already have answered.
  await expect.poll(() => version(page)).toBeGreaterThanOrEqual(versionBefore + 1);
}

test("two players play to the end while a third watches", async ({ browser }) => {
  const gold = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const silver = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
  const watcher = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
  for (const p of [gold, silver, watcher]) p.on("pageerror", (err) => { throw err; });
  await gold.goto(`/#token=${fx.tokens["1"]}`);
  await expect(gold.locator("#mine-h")).toBeVisible();
  await expect(gold.getByText("Signed in as Gold")).toBeVisible();
  await shot(gold, "lobby-signed-in");
  await silver.goto(`/#token=${fx.tokens["2"]}`);
  await expect(silver.getByText("Signed in as Silver")).toBeVisible();

  await gold.goto(`/game/${fx.game}`);
  await silver.goto(`/game/${fx.game}`);
  await watcher.goto(`/game/${fx.game}`);
  await expect(gold.locator("#status")).toHaveText("Your move");
  await expect(watcher.locator("#status")).toContainText("Watching");
  await expect(gold.locator(".rack .coin")).not.toHaveCount(0);
  await expect(watcher.locator(".rack .coin")).toHaveCount(0);
  await expect(gold.locator(".rack .coin").first()).toHaveAttribute("aria-label", /^letter [A-Z], (1 dot|[23] dots)$/);

  let v = await version(gold);
  for (const [i, action] of fx.actions.entries()) {
    const page = action.player === 1 ? gold : silver;
    // Silver, on the phone, drags letters from the rack; Gold commits the third word with Enter.
    await play(page, action, v, page === silver, i === 4);
    v += 1;
    await expect(watcher.locator("#board")).toHaveAttribute("data-version", String(v));
    if (i === 0) await shot(gold, "game-after-first-word");
    if (i === 3) {
      // A reload mid-game resumes where it was: the board, the seat, the chronicle.
      const lines = await gold.locator(".chronicle li").count();
      await gold.reload();
      await expect(gold.locator("#board")).toHaveAttribute("data-version", String(v));
      await expect(gold.locator(".chronicle li")).toHaveCount(lines);
      await expect(gold.locator(".rack .coin")).not.toHaveCount(0);
    }
  }
  await shot(gold, "game-gold");
  await shot(silver, "game-silver-phone");
  await silver.setViewportSize({ width: 844, height: 390 });  // the phone turned on its side
  await expect.poll(() => silver.locator("#board").evaluate((b: HTMLCanvasElement) => b.getBoundingClientRect().width > 300)).toBe(true);
  await shot(silver, "game-silver-phone-landscape");
  await shot(watcher, "game-watcher");

  // Gold lifts AGO (Redeploy, the word through the cursor's cell): its letters go back to the
  // rack, which is then over its limit, so Gold picks one letter to discard.
  await clickCell(gold, 1, 3);
  if (!(await gold.locator("#direction").textContent())!.endsWith("across")) await gold.locator("#direction").click();
  await gold.locator("#redeploy").click();
  await expect(watcher.locator("#board")).toHaveAttribute("data-version", String(++v));
  await expect(gold.locator(".chronicle")).toContainText("Gold lifts AGO.");
  await expect(gold.locator("#discard")).toBeDisabled();
  await gold.locator(".discard button.pick").first().click();
  await gold.locator("#discard").click();
  await expect(watcher.locator("#board")).toHaveAttribute("data-version", String(++v));
  await expect(gold.locator(".chronicle")).toContainText("Gold discards 1.");

  for (const p of [gold, silver]) p.on("dialog", (d) => d.accept());
  const toResign = fx.actions.length % 2 === 0 ? gold : silver;
  await toResign.locator("#resign").click();
  for (const p of [gold, silver, watcher]) await expect(p.locator("#status")).toContainText("wins (resigned)");
  await expect(watcher.locator(".chronicle")).toContainText("wins (resigned)");
  await shot(watcher, "game-over-watcher");

  // A link to the finished game still opens it (a clear page, not a blank one).
  const late = await (await browser.newContext()).newPage();
  await late.goto(`/game/${fx.game}`);
  await expect(late.locator("#status")).toContainText("wins (resigned)");
  // One banner says it is over, and the chronicle is the whole game's, from its record.
  await expect(late.locator("#banner")).toHaveText("This game is over: Silver wins (resigned).");
  await expect(late.locator(".chronicle li")).toHaveCount(fx.actions.length + 4);  // every action, the redeploy, the discard, the resignation, the result
  await expect(late.locator(".chronicle li").first()).toHaveText("Gold lays GO from row 2, column 4.");
  await expect(late.locator(".chronicle li").last()).toHaveText("Silver wins (resigned)");
  await shot(late, "finished-game-opened");

  // Its analysis: the server's, as the desktop client shows it.
  await late.goto(`/analysis/${fx.game}`);
  await expect(late.locator("table.turns tbody tr").first()).toBeVisible({ timeout: 60_000 });
  await shot(late, "analysis");
});

test("a browser player against the terminal client, to the game's end", async ({ browser }) => {
  test.setTimeout(240_000);  // 170 actions, 87 of them in the browser
  const gold = await (await browser.newContext({ viewport: { width: 900, height: 700 } })).newPage();
  gold.on("pageerror", (err) => { throw err; });
  gold.on("dialog", (d) => d.accept());
  await gold.goto(`/#token=${fx.tokens["1"]}`);
  await expect(gold.getByText("Signed in as Gold")).toBeVisible();
  await gold.goto(`/game/${fx.versus}`);
  await expect(gold.locator("#status")).toHaveText("Your move");
  await expect(gold.locator("#clock-1")).toHaveText(/^ (10:00|\d:[0-5]\d)$/);  // a 10-minute bank, running since the game began
  await expect(gold.locator("#clock-2")).toHaveText(" 10:00");
  // The whole game, to its natural end: Gold's words, passes, discards and defence orders in
  // the browser, the terminal client's library answering each of Silver's turns.
  let v = 0;
  for (const action of fx.versusActions) {
    if (action.player === 1) await play(gold, action, v);
    else await expect.poll(() => version(gold), { timeout: 30_000 }).toBeGreaterThanOrEqual(v + 1);
    v += 1;
  }
  await expect(gold.locator("#board")).toHaveAttribute("data-version", String(fx.versusActions.length));
  await expect(gold.locator(".chronicle")).toContainText("Terminal lays");
  await expect(gold.locator(".chronicle")).toContainText("Gold must order the defence.");
  await expect(gold.locator(".chronicle")).toContainText("Gold discards 2.");
  await expect(gold.locator("#status")).toContainText("Terminal wins (stalemate)");
  await expect(gold.locator("#resign")).toHaveCount(0);
  await shot(gold, "versus-terminal-over");
});

test("sign in by name, make a seek, another player joins it from the lobby, a draw is agreed", async ({ browser }) => {
  const ada = await (await browser.newContext()).newPage();
  const bo = await (await browser.newContext()).newPage();
  for (const [page, name] of [[ada, "Ada"], [bo, "Bo"]] as const) {
    page.on("pageerror", (err) => { throw err; });
    await page.goto("/");
    await page.getByLabel("Display name").fill(name);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText(`Signed in as ${name}.`)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("scryptic.token"))).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  }
  await ada.locator("#map").selectOption("Test Ford");
  await ada.locator("#create").click();
  await expect(ada).toHaveURL(/\/game\/[a-z0-9]+$/);
  await expect(ada.locator("#status")).toHaveText("Waiting for a second player");
  const game = ada.url().split("/").pop()!;
  await bo.reload();
  await bo.locator(".lobby li", { hasText: "Ada vs (open)" }).getByRole("button", { name: "Join" }).click();
  await expect(bo).toHaveURL(new RegExp(`/game/${game}$`));
  await expect(bo.locator("#status")).toHaveText("Ada to move");
  await expect(ada.locator("#status")).toHaveText("Your move");
  await bo.locator("#offer-draw").click();
  await ada.locator("#accept-draw").click();
  for (const p of [ada, bo]) await expect(p.locator("#status")).toContainText("Drawn (agreed)");
  await bo.goBack();
  await expect(bo.locator("#seeks-h")).toBeVisible();

  // A challenge by name reaches Bo's lobby while Bo looks at it (no reload); Bo accepts.
  await ada.goto("/");
  await ada.locator("#map").selectOption("Test Ford");
  await ada.getByLabel("name to challenge").fill("Bo");
  await ada.locator("#create").click();
  await expect(ada).toHaveURL(/\/game\/[a-z0-9]+$/);
  const challenged = ada.url().split("/").pop()!;
  await bo.locator("li", { hasText: "Ada challenges you (Test Ford)" }).getByRole("button", { name: "Accept" }).click();
  await expect(bo).toHaveURL(new RegExp(`/game/${challenged}$`));
  // One turn passed, then taken back: the asker is to move again at version 0.
  await expect(ada.locator("#status")).toHaveText(/^(Your move|Bo to move)$/);
  const [mover, other] = (await ada.locator("#status").textContent()) === "Your move" ? [ada, bo] : [bo, ada];
  await expect(other.locator("#status")).not.toHaveText("Your move");
  await mover.locator("#end-turn").click();
  await expect(mover.locator("#board")).toHaveAttribute("data-version", "1");
  await expect(other.locator("#status")).toHaveText("Your move");
  await mover.locator("#offer-takeback").click();
  await other.locator("#accept-takeback").click();
  for (const p of [mover, other]) await expect(p.locator("#board")).toHaveAttribute("data-version", "0");
  await expect(mover.locator("#status")).toHaveText("Your move");
  for (const p of [mover, other]) await expect(p.locator(".chronicle")).not.toContainText("passes");  // the log begins again
  await shot(mover, "takeback-accepted");
});

test("bad links and guests get a clear page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await shot(page, "lobby-guest");
  await page.goto("/game/nosuchgame1");
  await expect(page.getByRole("heading", { name: "No such game" })).toBeVisible();
  await shot(page, "unknown-game");
  await page.goto("/replay/abcd1234");
  await expect(page.getByRole("heading", { name: /No replay/ })).toBeVisible();
  await page.goto("/#token=AAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.locator("#banner")).toContainText("not known to this server");
  await shot(page, "stale-token");
  const missing = await page.request.get("/no/such/page");
  expect(missing.status()).toBe(404);
});

test("first paint and transfer size of a game link", async ({ page }) => {
  await page.goto(`/game/${fx.game}`);
  await expect(page.locator("#status")).toBeVisible();
  const figures = await page.evaluate(() => {
    const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const transfer = nav.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0);
    return { first_contentful_paint_ms: paint, transfer_bytes: transfer, files: resources.length + 1 };
  });
  const fps = await page.evaluate(() => (window as any).scrypticFightFps(120));
  Object.assign(figures, { fight_fps: Math.round(fps) });
  writeFileSync(fx.figures, JSON.stringify(figures));
});

test("the server goes away and comes back: a banner, then the page resumes", async ({ page }) => {
  page.on("pageerror", (err) => { throw err; });
  await page.goto(`/game/${fx.game}`);
  await expect(page.locator("#status")).toContainText("wins (resigned)");
  const at = await version(page);
  writeFileSync(join(fx.signals, "stop"), "");
  await expect(page.locator("#banner")).toContainText("connection to the server was lost", { timeout: 30_000 });
  await expect.poll(() => existsSync(join(fx.signals, "stopped"))).toBe(true);
  // The banner takes room from the page, not below it: the bottom button stays in the window.
  const bottom = await page.getByRole("link", { name: "Back to the lobby" }).boundingBox();
  expect(bottom!.y + bottom!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await shot(page, "server-gone");
  writeFileSync(join(fx.signals, "start"), "");
  await expect(page.locator("#banner")).not.toContainText("connection to the server was lost", { timeout: 30_000 });
  await expect.poll(() => version(page)).toBe(at);
  await expect(page.locator("#status")).toContainText("wins (resigned)");
});
