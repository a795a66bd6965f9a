// The turn being laid out: letters placed on cells from the rack (pure, unit-tested).
import { key, type Cell } from "./board";
import type { GameEvent } from "./generated/wire";
import atlasIndex from "./atlas.json";

/** The rack letters not yet placed (a multiset difference). */
export function rackLeft(rack: string, placed: Map<string, string>): string[] {
  const left = rack.split("");
  for (const ch of placed.values()) {
    const i = left.indexOf(ch);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** The next cell after ``cell`` in ``dir`` that holds no placed letter, inside the board. */
export function advance(cell: Cell, dir: "across" | "down", rows: number, cols: number, placed: Map<string, string>): Cell {
  let [r, c] = cell;
  do {
    if (dir === "across") c++; else r++;
  } while (r < rows && c < cols && placed.has(key(r, c)));
  return [Math.min(r, rows - 1), Math.min(c, cols - 1)];
}

/** The placements of a commit, sorted, as the protocol wants them. */
export function placements(placed: Map<string, string>): Array<[number, number, string]> {
  return [...placed.entries()].map(([k, ch]) => {
    const [r, c] = k.split(",").map(Number);
    return [r, c, ch] as [number, number, string];
  }).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

/** A game event in words, for the chronicle. */
export function describeEvent(ev: GameEvent, names: Record<string, string>): string | null {
  const who = (p: number | null | undefined) => (p == null ? "nobody" : names[String(p)] ?? (p === 1 ? "Gold" : "Silver"));
  switch (ev.type) {
    case "game_started": return `The game begins on ${ev.map}; ${who(ev.first)} moves first.`;
    case "turn_started": return `Turn ${ev.turn}: ${who(ev.player)}.`;
    case "word_committed": return `${who(ev.player)} lays ${String(ev.word).toUpperCase()}${ev.attacks ? " and attacks" : ""}.`;
    case "combat_step": return ev.attacker_wins
      ? `${String(ev.attack_word).toUpperCase()} (${ev.attack_strength}) beats ${String(ev.defend_word).toUpperCase()} (${ev.defend_strength}).`
      : `${String(ev.defend_word).toUpperCase()} (${ev.defend_strength}) holds against ${String(ev.attack_word).toUpperCase()} (${ev.attack_strength}).`;
    case "city_taken": return `${who(ev.player)} takes the city at row ${ev.cell[0] + 1}, column ${ev.cell[1] + 1}.`;
    case "letters_removed": return `${ev.letters.length} letter(s) of ${who(ev.owner)} removed (${ev.reason}).`;
    case "word_lifted": return `${who(ev.player)} lifts ${String(ev.word).toUpperCase()}.`;
    case "defence_requested": return `${who(ev.defender)} must order the defence.`;
    case "discard_required": return `${who(ev.player)} must discard ${ev.count}.`;
    case "letters_discarded": return `${who(ev.player)} discards ${ev.count}.`;
    case "turn_ended": return ev.passed ? `${who(ev.player)} passes.` : null;
    case "last_turn": return `${who(ev.player)} plays the last turn.`;
    case "game_over": return ev.winner == null ? `The game is drawn (${ev.reason}).` : `${who(ev.winner)} wins (${ev.reason}).`;
    default: return null;
  }
}

/** An action of a game record (docs/record-format.md) in words, for the chronicle of a game
 * opened after it ended (the record has the actions, not the events they caused). */
export function describeAction(action: any, names: Record<string, string>): string | null {
  const who = names[String(action.player)] ?? (action.player === 1 ? "Gold" : "Silver");
  switch (action.type) {
    case "commit": {
      const [r, c] = action.placements[0];
      const letters = action.placements.map((p: [number, number, string]) => p[2]).join("").toUpperCase();
      return `${who} lays ${letters} from row ${r + 1}, column ${c + 1}.`;
    }
    case "redeploy": return `${who} lifts the ${action.direction} word through row ${action.cell[0] + 1}, column ${action.cell[1] + 1}.`;
    case "discard": return `${who} discards ${String(action.letters).toUpperCase()}.`;
    case "order_defence": return `${who} orders the defence.`;
    case "end_turn": return `${who} ends the turn.`;
    case "resign": return `${who} ${action.reason === "time" ? "runs out of time" : action.reason === "abandoned" ? "abandons the game" : "resigns"}.`;
    default: return null;
  }
}

/** Seconds as m:ss (h:mm:ss past an hour, days past a day). */
export function formatClock(seconds: number): string {
  const t = Math.max(0, Math.floor(seconds));
  if (t >= 86400) return `${Math.floor(t / 86400)}d ${Math.floor((t % 86400) / 3600)}h`;
  const h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), sec = String(t % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** A rack coin as a screen reader says it: "letter Q, 3 dots". */
export function coinLabel(ch: string): string {
  const dots = (atlasIndex as any).dots[ch] as number;
  return `letter ${ch.toUpperCase()}, ${dots} ${dots === 1 ? "dot" : "dots"}`;
}
