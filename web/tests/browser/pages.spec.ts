// The pages that show a position: the daily puzzle (a guest, then a signed-in player who takes
// both hints and submits a turn) and the replay of a finished game.
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

interface Fixture { screens: string; versus: string; versusActions: any[]; puzzleToken: string; puzzleGoal: string; puzzleHint: string; puzzleCells: string;
                    puzzleSolution: { placements: Array<[number, number, string]>; direction: string }; puzzleRating: string }
const fx: Fixture = JSON.parse(readFileSync(process.env.SCRYPTIC_FIXTURE!, "utf8"));
const shot = (page: Page, name: string) => page.screenshot({ path: join(fx.screens, `${name}.png`) });

async function clickCell(page: Page, r: number, c: number): Promise<void> {
  const board = page.locator("#board");
  await expect(board).toHaveAttribute("data-cell", /\d/);
  const d = await board.evaluate((b: HTMLCanvasElement) => ({ ...b.dataset }));
  const cell = Number(d.cell), x0 = Number(d.x0), y0 = Number(d.y0);
  await board.click({ position: { x: x0 + (c + 0.5) * cell, y: y0 + (r + 0.5) * cell } });
  await expect(page.locator("#cell-note"), JSON.stringify(d)).toContainText(`row ${r + 1}, column ${c + 1},`);
}

test("the daily puzzle: a guest is asked to sign in; a player takes the hints and is judged and rated", async ({ browser }) => {
  const guest = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await guest.goto("/puzzle/daily");
  await expect(guest.locator("#goal")).toHaveText(fx.puzzleGoal);
  await expect(guest.locator("#guest-note")).toContainText("sign in");
  await expect(guest.locator("#submit")).toBeDisabled();

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`/puzzle/daily#token=${fx.puzzleToken}`);
  await expect(page.locator("#goal")).toHaveText(fx.puzzleGoal);
  await expect(page.locator("#puzzle-rating")).toHaveText("your puzzle rating 1500");
  await page.locator("#hint").click();
  await expect(page.locator("#hint-theme")).toHaveText(fx.puzzleHint);
  await page.locator("#hint").click();
  await expect(page.locator("#hint-cells")).toContainText(fx.puzzleCells);
  await expect(page.locator("#hint")).toBeDisabled();
  const { placements, direction } = fx.puzzleSolution;
  await clickCell(page, placements[0][0], placements[0][1]);
  if (direction === "down") await page.locator("#direction").click();
  for (const [, , ch] of placements) await page.locator(`.rack .coin[data-letter="${ch}"]`).first().click();
  await shot(page, "puzzle-laid");
  await page.locator("#submit").click();
  await expect(page.locator("#verdict-title")).toHaveText("Solved!");
  await expect(page.locator("#rating-change")).toHaveText(fx.puzzleRating);
  await expect(page.locator("#submit")).toBeDisabled();
  await shot(page, "puzzle-solved");
  // Opened again: the attempt is the account's only one, and the page says so.
  await page.reload();
  await expect(page.locator("#verdict-title")).toHaveText("Solved!");
  await expect(page.locator("#submit")).toBeDisabled();
});

test("the replay of a finished game: first, previous, next, last and the slider, the server replaying it", async ({ page }) => {
  await page.goto(`/replay/${fx.versus}`);
  const board = page.locator("#board");
  await expect(page.locator("#status")).toHaveText(`Version 0 of ${fx.versusActions.length}`);
  await expect(page.locator("#replay-action")).toHaveText("The game begins.");
  await expect(page.locator("#replay-first")).toBeDisabled();
  await expect(board).toHaveAttribute("data-version", "0");
  await page.locator("#replay-next").click();
  await expect(page.locator("#status")).toHaveText(`Version 1 of ${fx.versusActions.length}`);
  await expect(board).toHaveAttribute("data-version", "1");
  const [r, c] = fx.versusActions[0].placements[0];
  await expect(page.locator("#replay-action")).toHaveText(new RegExp(`^Gold lays [A-Z]+ from row ${r + 1}, column ${c + 1}\\.$`));
  await page.locator("#replay-slider").fill("85");
  await expect(page.locator("#status")).toHaveText(`Version 85 of ${fx.versusActions.length}`);
  await expect(board).toHaveAttribute("data-version", "85");
  await shot(page, "replay-middle");
  await page.locator("#replay-prev").click();
  await expect(board).toHaveAttribute("data-version", "84");
  await page.locator("#replay-last").click();
  await expect(page.locator("#status")).toHaveText(`Version ${fx.versusActions.length} of ${fx.versusActions.length}`);
  await expect(page.locator("#replay-action")).toContainText("Silver wins (stalemate).");
  await expect(page.locator("#replay-next")).toBeDisabled();
  await shot(page, "replay-end");
  await page.locator("#replay-first").click();
  await expect(board).toHaveAttribute("data-version", "0");
  // a game still being played, and an unknown one, get a clear page
  await page.goto("/replay/zzzz9999");
  await expect(page.getByRole("heading", { name: "No replay of this game" })).toBeVisible();
});
