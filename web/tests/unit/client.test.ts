import { decode } from "@msgpack/msgpack";
import { describe, expect, it } from "vitest";
import { actor, cellAt, describeCell, layoutBoard, type View } from "../../src/board";
import { signInLink, tokenFromHash } from "../../src/identity";
import { frame, socketUrl } from "../../src/net";
import { advance, coinLabel, describeAction, describeEvent, formatClock, placements, rackLeft } from "../../src/turn";
import { REQUEST_TYPES } from "../../src/generated/protocol";

const view = {
  width: 3, height: 2, terrain: ["..#", "~^."], cities: [[0, 2, 1]],
  players: { "1": { letters: [[0, 1, "a"]] }, "2": { letters: [] } }, to_move: 2, pending: null, result: null,
} as unknown as View;

describe("the board's layout", () => {
  it("fits square cells and centres them", () => {
    expect(layoutBoard(300, 100, 15, 12)).toEqual({ cell: 8, cols: 15, rows: 12, x0: 90, y0: 2 });
  });
  it("finds the cell under a point, or none off the board", () => {
    const l = layoutBoard(300, 100, 15, 12);
    expect(cellAt(l, 90, 2)).toEqual([0, 0]);
    expect(cellAt(l, 90 + 8 * 14 + 7, 2 + 8 * 11 + 7)).toEqual([11, 14]);
    expect(cellAt(l, 89, 50)).toBeNull();
    expect(cellAt(l, 90 + 8 * 15, 50)).toBeNull();
  });
  it("words a cell for screen readers", () => {
    expect(describeCell(view, 0, 1)).toBe("row 1, column 2, plains, gold letter A");
    expect(describeCell(view, 0, 2)).toBe("row 1, column 3, city, gold city");
    expect(describeCell(view, 1, 1)).toBe("row 2, column 2, mountains");
  });
  it("names who acts: the pending player first", () => {
    expect(actor(view)).toBe(2);
    expect(actor({ ...view, pending: { kind: "discard", player: 1, count: 2 } })).toBe(1);
    expect(actor({ ...view, result: { winner: 1, reason: "resigned" } })).toBeNull();
  });
});

describe("the turn", () => {
  it("takes placed letters out of the rack once each", () => {
    expect(rackLeft("aabc", new Map([["0,0", "a"], ["0,1", "c"]]))).toEqual(["a", "b"]);
  });
  it("moves the cursor past placed letters and stops at the edge", () => {
    expect(advance([0, 0], "across", 5, 5, new Map([["0,1", "a"]]))).toEqual([0, 2]);
    expect(advance([3, 2], "down", 5, 5, new Map([["4,2", "a"]]))).toEqual([4, 2]);
  });
  it("sorts placements as the protocol wants them", () => {
    expect(placements(new Map([["1,3", "o"], ["1,2", "g"]]))).toEqual([[1, 2, "g"], [1, 3, "o"]]);
  });
  it("shows a clock as m:ss, h:mm:ss past an hour, days past a day, never below zero", () => {
    expect([formatClock(65.9), formatClock(3725), formatClock(90000), formatClock(-3)]).toEqual(["1:05", "1:02:05", "1d 1h", "0:00"]);
  });
  it("words events for the chronicle", () => {
    const names = { "1": "Ada", "2": "Bo" };
    expect(describeEvent({ type: "word_committed", player: 1, word: "go", cells: [[0, 0], [0, 1]], placed: [[0, 0, "g"], [0, 1, "o"]], attacks: false }, names)).toBe("Ada lays GO.");
    expect(describeEvent({ type: "game_over", winner: 2, reason: "resigned", scores: { "1": 3, "2": 5 } }, names)).toBe("Bo wins (resigned).");
    expect(describeEvent({ type: "scores", scores: { "1": 3, "2": 5 } }, names)).toBeNull();
  });
});

describe("the wire", () => {
  it("encodes a request as one msgpack map with id and version", () => {
    expect(decode(frame("preview", 7, { game: "abcd", placements: [[1, 2, "g"]] }))).toEqual(
      { type: "preview", id: 7, v: 2, game: "abcd", placements: [[1, 2, "g"]] });
  });
  it("knows the server's request types from the generated schema", () => {
    expect(REQUEST_TYPES).toContain("preview");
    expect(REQUEST_TYPES).toContain("act");
  });
  it("uses the page's own origin for the websocket", () => {
    expect(socketUrl({ protocol: "https:", host: "example.org:8443" })).toBe("wss://example.org:8443/");
    expect(socketUrl({ protocol: "http:", host: "127.0.0.1:8765" })).toBe("ws://127.0.0.1:8765/");
  });
});

describe("the sign-in link", () => {
  it("carries the token in the address's hash, and only a well-formed one", () => {
    const link = signInLink("http://h:1", "abcdefghijklmnop");
    expect(link).toBe("http://h:1/#token=abcdefghijklmnop");
    expect(tokenFromHash("#token=abcdefghijklmnop")).toBe("abcdefghijklmnop");
    expect(tokenFromHash("#token=short")).toBeNull();
    expect(tokenFromHash("#token=abcdefghijklmnop<script>")).toBeNull();
  });
});

describe("a record's actions in words", () => {
  const names = { "1": "Ada", "2": "Bo" };
  it("says each kind of action", () => {
    expect(describeAction({ type: "commit", player: 1, placements: [[1, 3, "g"], [1, 4, "o"]] }, names)).toBe("Ada lays GO from row 2, column 4.");
    expect(describeAction({ type: "discard", player: 2, letters: "qz" }, names)).toBe("Bo discards QZ.");
    expect(describeAction({ type: "order_defence", player: 2, order: [1, 0] }, names)).toBe("Bo orders the defence.");
    expect(describeAction({ type: "end_turn", player: 1 }, names)).toBe("Ada ends the turn.");
    expect(describeAction({ type: "resign", player: 1, reason: "time" }, names)).toBe("Ada runs out of time.");
    expect(describeAction({ type: "redeploy", player: 2, cell: [0, 0], direction: "down" }, names)).toBe("Bo lifts the down word through row 1, column 1.");
    expect(describeAction({ end: { winner: 1, reason: "score" } }, names)).toBeNull();
  });
});

describe("the rack's coins to a screen reader", () => {
  it("say the letter and its value in dots", () => {
    expect(coinLabel("e")).toBe("letter E, 1 dot");
    expect(coinLabel("m")).toBe("letter M, 2 dots");
    expect(coinLabel("q")).toBe("letter Q, 3 dots");
  });
});
