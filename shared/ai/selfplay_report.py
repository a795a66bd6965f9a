"""The self-play report: figures per group of games (overall, per preset, per map), as a
JSON-able dict, as text, and as Markdown table rows.

Every group has the same keys (see :func:`group_report`); shares are fractions (0.25 is
25%) rounded to 3 places, None when there is nothing to divide by.
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import TYPE_CHECKING, Any

from shared.ai.figures import mean as _mean
from shared.ai.figures import share as _share
from shared.ai.figures import spread as _spread
from shared.ai.figures import wilson_interval
from shared.ai.war_figures import LATE_TOUCH_TURN, war_report
from shared.ai.warstats import Availability
from shared.rules.terrain import Player

if TYPE_CHECKING:  # pragma: no cover
    from shared.ai.selfplay import GameSummary

ENDING_COLUMNS = (("conquest", "conquest"), ("score", "score"), ("stalemate", "pass-out"),
                  ("stall-limit", "stall limit"), ("turn-limit", "turn limit"))
"""End reasons with their own column in the tables, and the column names; any other reason
("resigned", "target", "unfinished", ...) is listed under "other"."""

LEFTOVER_LETTERS = 3
"""A pass-out where neither rack holds more letters than this (one turn's draw) ended on
*leftovers*: both sides played out their letters but a few that fit nowhere. With more on a
rack, that side was *boxed in*."""

def _availability_figures(a: Availability) -> dict[str, Any]:
    return {
        "turns": a.turns,
        "attack_offered_share": _share(a.attack_offered, a.turns),
        "attack_taken_share": _share(a.attack_taken, a.attack_offered),
        "city_offered_share": _share(a.city_offered, a.turns),
        "city_taken_share": _share(a.city_taken, a.city_offered),
        "winning_share_of_attacks": _share(a.winning, a.attacking),
        "candidates_per_turn": round(a.candidates / a.turns, 1) if a.turns else None,
        "checked_per_turn": round(a.checked / a.turns, 1) if a.turns else None,
        "capped_turns": a.capped_turns,
        "refused": a.refused,
        "seconds_per_turn": round(a.seconds / a.turns, 3) if a.turns else None,
    }


def availability_report(games: list[GameSummary]) -> dict[str, Any] | None:
    """What the turns offered (a winning attack, an enemy city) and how often the mover took
    it; None if no game checked its offers."""
    checked = [g for g in games if g.war.availability is not None]
    if not checked:
        return None
    total = Availability()
    levels: dict[int, Availability] = {}
    for g in checked:
        assert g.war.availability is not None
        for p, a in g.war.availability.items():
            total.merge(a)
            levels.setdefault(g.levels[p], Availability()).merge(a)
    out = _availability_figures(total)
    out["by_level"] = {str(lv): _availability_figures(a) for lv, a in sorted(levels.items())}
    return out


def _pass_out_kinds(games: list[GameSummary]) -> dict[str, int]:
    """Pass-outs on leftovers and boxed in (see :data:`LEFTOVER_LETTERS`)."""
    pass_outs = [g for g in games if g.reason == "stalemate"]
    boxed = sum(1 for g in pass_outs if max(g.letters_left.values(), default=0) > LEFTOVER_LETTERS)
    return {"leftovers": len(pass_outs) - boxed, "boxed_in": boxed}


def _first_by_colour(games: list[GameSummary]) -> dict[str, dict[str, Any]]:
    """Per colour that moved first ("gold", "silver"): its games and the first player's share
    of them (a draw counts half). The two shares apart show what the side of the board does."""
    out: dict[str, dict[str, Any]] = {}
    for player in Player:
        mine = [g for g in games if g.first == int(player)]
        if mine:
            won = sum(1.0 if g.winner == g.first else 0.5 if g.winner is None else 0.0 for g in mine)
            out[player.label] = {"games": len(mine), "first_player_win_rate": _share(won, len(mine))}
    return out


def _first_by_level(games: list[GameSummary], level_a: int, level_b: int) -> dict[str, dict[str, Any]]:
    """Between two different levels, per level: its share of the games it moved first in, and
    of those it moved second in (a draw counts half). The first player's share of such a
    match mixes moving first with which level moved first: these two apart show the seat's
    worth to each level (empty between equal levels, where they are the first player's share
    and its complement)."""
    if level_a == level_b:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for level in (level_a, level_b):
        figures: dict[str, Any] = {}
        for seat, moved_first in (("first", True), ("second", False)):
            mine = [g for g in games if (g.levels[g.first] == level) == moved_first]
            won = sum(1.0 if g.winner_level == level else 0.5 if g.winner is None else 0.0 for g in mine)
            figures[f"games_{seat}"] = len(mine)
            figures[f"win_rate_{seat}"] = _share(won, len(mine))
        out[str(level)] = figures
    return out


def group_report(games: list[GameSummary], level_a: int, level_b: int) -> dict[str, Any]:
    """Results, endings, length, scores, think times, fighting and offers of some games."""
    n = len(games)
    same = level_a == level_b
    wins = Counter(g.winner_level for g in games if g.winner is not None)
    draws = sum(1 for g in games if g.winner is None)
    first_wins = sum(1 for g in games if g.winner is not None and g.winner == g.first)
    endings = Counter(g.reason for g in games)
    report: dict[str, Any] = {
        "games": n,
        "wins": {} if same else {str(level_a): wins[level_a], str(level_b): wins[level_b]},
        "draws": draws,
        "win_rate": {} if same else {
            str(level_a): _share(wins[level_a] + draws / 2, n),
            str(level_b): _share(wins[level_b] + draws / 2, n),
        },
        "endings": dict(sorted(endings.items())),
        "ending_shares": {reason: _share(count, n) for reason, count in sorted(endings.items())},
        "stalemate_share": _share(endings["stalemate"], n),
        "pass_outs": _pass_out_kinds(games),
        "first_player_win_rate": _share(first_wins + draws / 2, n),
        "first_player_interval": wilson_interval(first_wins + draws / 2, n),
        "first_player_by_colour": _first_by_colour(games),
        "first_player_by_level": _first_by_level(games, level_a, level_b),
        "turns": _spread([g.turns for g in games]),
        "average_turns": _mean([g.turns for g in games]),
        "average_actions": _mean([g.actions for g in games]),
        "timeouts": sum(g.timeouts for g in games),
    }
    scores: dict[str, list[int]] = {}
    think: dict[str, list[float]] = {}
    attacks: dict[str, list[int]] = {}
    for g in games:
        for p, lv in g.levels.items():
            scores.setdefault(str(lv), []).append(g.scores[p])
            think.setdefault(str(lv), []).extend(g.think.get(p, []))
            attacks.setdefault(str(lv), []).append(g.war.attacks.get(p, 0))
    report["average_score"] = {k: _mean(v) for k, v in sorted(scores.items())}
    report["average_attacks"] = {k: _mean(v) for k, v in sorted(attacks.items())}
    report["think_seconds"] = {
        k: {"mean": round(statistics.mean(v), 3), "p90": round(sorted(v)[int(0.9 * (len(v) - 1))], 3),
            "max": round(max(v), 3)}
        for k, v in sorted(think.items()) if v
    }
    report["war"] = war_report(games)
    availability = availability_report(games)
    if availability is not None:
        report["availability"] = availability
    return report


def _per_map(games: list[GameSummary], level_a: int, level_b: int) -> dict[str, dict[str, Any]]:
    return {name: group_report([g for g in games if g.map_name == name], level_a, level_b)
            for name in sorted({g.map_name for g in games})}


def summarise(games: list[GameSummary], level_a: int, level_b: int) -> dict[str, Any]:
    """The whole report: every group figure over all games, then ``maps`` (per map, all
    presets together) and ``presets`` (per preset, each with its own ``maps``)."""
    report = {"levels": [level_a, level_b], **group_report(games, level_a, level_b)}
    report["maps"] = _per_map(games, level_a, level_b)
    presets: dict[str, dict[str, Any]] = {}
    for name in dict.fromkeys(g.preset for g in games):  # in order of first appearance
        subset = [g for g in games if g.preset == name]
        presets[name] = {**group_report(subset, level_a, level_b), "maps": _per_map(subset, level_a, level_b)}
    report["presets"] = presets
    return report


# ---------------------------------------------------------------------------- tables
TABLE_COLUMNS = (
    "match", "preset", "map", "games", *(title for _, title in ENDING_COLUMNS), "other endings",
    "attacks a game", "attacks won", "combat letters a game", "winner's score from combat",
    "cities a game (enemy + pewter)", "first touch: mean turn, latest (never)", "winning attack offered (taken)",
    "city capture offered (taken)", "first player won (95% interval)", "turns: mean (min-max)",
)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}" if value >= 0.1 or value == 0 else f"{value:.1%}"


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:g}"


def _first_player(group: dict[str, Any], label: str = "") -> str:
    """The first player's share with its 95% interval: "56% (46-66%)", the interval after
    ``label`` if one is given."""
    interval = group.get("first_player_interval")
    share = _pct(group["first_player_win_rate"])
    if interval is None:
        return share
    return f"{share} ({label}{interval[0] * 100:.0f}-{interval[1]:.0%})"


def _offered(availability: dict[str, Any], kind: str) -> str:
    return f"{_pct(availability[kind + '_offered_share'])} ({_pct(availability[kind + '_taken_share'])})"


def table_row(group: dict[str, Any], match: str, preset: str, map_name: str) -> list[str]:
    """One row of :data:`TABLE_COLUMNS` for a group of :func:`group_report`."""
    n = group["games"]
    known = {reason for reason, _ in ENDING_COLUMNS}
    endings = group["endings"]
    other = ", ".join(f"{reason} {count}" for reason, count in endings.items() if reason not in known) or "-"
    war = group["war"]
    touch = war["first_touch_turn"]
    availability = group.get("availability")
    if availability is None:
        offered_attack = offered_city = "-"
    else:
        offered_attack = _offered(availability, "attack")
        offered_city = _offered(availability, "city")
    turns = group["turns"]
    cities = war["cities_per_game"]
    return [
        match, preset, map_name, str(n),
        *(_pct(endings.get(reason, 0) / n if n else None) for reason, _ in ENDING_COLUMNS),
        other,
        _num(war["attacks_per_game"]), _pct(war["attack_win_share"]), _num(war["combat_letters_per_game"]),
        _pct(war["winner_combat_share"]),
        f"{_num(cities['enemy'])} + {_num(cities['pewter'])}",
        f"{_num(touch['mean'])}, {_num(touch['max'])} ({war['never_touched']})",
        offered_attack, offered_city,
        _first_player(group),
        f"{_num(turns['mean'])} ({_num(turns['min'])}-{_num(turns['max'])})",
    ]


def table_rows(report: dict[str, Any]) -> list[list[str]]:
    """Rows per preset: one per map, then "all maps" when there are several."""
    a, b = report["levels"]
    match = f"{a} v {b}"
    rows = []
    for preset, group in report["presets"].items():
        for map_name, m in group["maps"].items():
            rows.append(table_row(m, match, preset, map_name))
        if len(group["maps"]) > 1:
            rows.append(table_row(group, match, preset, "all maps"))
    return rows


def markdown_table(report: dict[str, Any], header: bool = True) -> str:
    """A self-play table in Markdown, one row per preset and map (with its header unless
    ``header`` is False), and a line saying how the offers were checked."""
    lines = []
    if header:
        lines.append("| " + " | ".join(TABLE_COLUMNS) + " |")
        lines.append("|" + "---|" * len(TABLE_COLUMNS))
    lines += ["| " + " | ".join(row) + " |" for row in table_rows(report)]
    note = availability_note(report)
    if note:
        lines += ["", note]
    return "\n".join(lines)


def availability_note(report: dict[str, Any]) -> str | None:
    """How the offers were checked (the cap, capped turns), or None if they were not."""
    availability = report.get("availability")
    if availability is None:
        return None
    cap = report.get("availability_cap")
    capped = availability["capped_turns"]
    text = (f"Offers: every turn, up to {cap} fighting commits of the mover's vocabulary played out; "
            f"{capped} of {availability['turns']} turns had more (an offer there may be missed); "
            f"{availability['winning_share_of_attacks']:.1%} of the attacking commits checked would win."
            if availability["winning_share_of_attacks"] is not None else
            f"Offers: every turn, up to {cap} fighting commits played out; no attacking commit was found.")
    if availability["refused"]:
        text += f" The engine refused {availability['refused']} generated commits."
    return text


# ------------------------------------------------------------------------------ text
def _group_lines(title: str, group: dict[str, Any]) -> list[str]:
    n = group["games"]
    war = group["war"]
    touch = war["first_touch_turn"]
    turns = group["turns"]
    cities = war["cities_per_game"]
    colours = group.get("first_player_by_colour", {})
    by_colour = "; " + ", ".join(f"{colour} first in {c['games']} ({_pct(c['first_player_win_rate'])})"
                                 for colour, c in colours.items()) if len(colours) > 1 else ""
    lines = [f"  {title}: {n} games, first player won {_first_player(group, '95% interval ')}{by_colour}, "
             f"turns {_num(turns['mean'])} (min {_num(turns['min'])}, max {_num(turns['max'])})"]
    if group["win_rate"]:
        lines[-1] += ", win rate " + ", ".join(f"level {k} {_pct(v)}" for k, v in group["win_rate"].items())
    seats = group.get("first_player_by_level", {})
    if seats:
        lines.append("    by seat: " + "; ".join(
            f"level {k} won {_pct(s['win_rate_first'])} of {s['games_first']} moving first, "
            f"{_pct(s['win_rate_second'])} of {s['games_second']} moving second" for k, s in seats.items()))
    lines.append("    endings: " + ", ".join(
        f"{reason} {count} ({_pct(count / n)})" for reason, count in group["endings"].items()))
    kinds = group["pass_outs"]
    if kinds["leftovers"] or kinds["boxed_in"]:
        lines[-1] += f"; pass-outs on leftovers {kinds['leftovers']}, boxed in {kinds['boxed_in']}"
    lines.append(f"    attacks {_num(war['attacks_per_game'])} a game, {_pct(war['attack_win_share'])} won; "
                 f"combat removed {_num(war['combat_letters_per_game'])} letters a game; "
                 f"combat and cities gave the winner {_pct(war['winner_combat_share'])} of the score")
    lines.append(f"    cities taken a game: {_num(cities['enemy'])} from the enemy, "
                 f"{_num(cities['pewter'])} pewter; first touch on turn {_num(touch['mean'])} "
                 f"(min {_num(touch['min'])}, max {_num(touch['max'])}), after turn {LATE_TOUCH_TURN} in "
                 f"{war['touched_late']} games, never in {war['never_touched']}")
    race = war.get("pewter_race")
    if race and race["games"]:
        lines.append(f"    the first pewter city fell in {race['games']} games, on turn {_num(race['turn']['mean'])} "
                     f"on average, to the first player in {_pct(race['first_player_took'])}; "
                     f"its taker won {_pct(race['taker_won'])}")
    a = group.get("availability")
    if a is not None:
        lines.append(f"    a winning attack was on offer in {_pct(a['attack_offered_share'])} of turns "
                     f"(taken in {_pct(a['attack_taken_share'])} of those), an enemy city in "
                     f"{_pct(a['city_offered_share'])} (taken in {_pct(a['city_taken_share'])})")
    return lines


def format_report(report: dict[str, Any], level_names: dict[int, str] | None = None) -> str:
    """The report as text: the match, then each preset overall and per map."""
    a, b = report["levels"]
    names = level_names or {}

    def who(level: int) -> str:
        return f"level {level}" + (f" ({names[level]})" if level in names else "")

    lines = [f"{report['games']} games, {who(a)} v {who(b)}, "
             f"{', '.join(report['presets'])} rules, seeds from {report.get('seed', '?')}"]
    if report["win_rate"]:
        lines.append(f"  wins: {a}: {report['wins'][str(a)]}  {b}: {report['wins'][str(b)]}  "
                     f"draws: {report['draws']}   win rate of {a}: {_pct(report['win_rate'][str(a)])}")
    lines.append("  average score: " + ", ".join(f"level {k} {v}" for k, v in report["average_score"].items()))
    lines.append("  attacks a game: " + ", ".join(
        f"level {k} {v['attacks_per_game']} ({_pct(v['attack_win_share'])} won)"
        for k, v in report["war"]["by_level"].items()))
    lines.append("  think time (s): " + ", ".join(
        f"level {k} mean {v['mean']} p90 {v['p90']} max {v['max']}" for k, v in report["think_seconds"].items()))
    if report["timeouts"]:
        lines.append(f"  decisions cut short by the time cap: {report['timeouts']}")
    for preset, group in report["presets"].items():
        lines.append(f"{preset}:")
        lines += _group_lines("all maps", group)
        for map_name, m in group["maps"].items():
            lines += _group_lines(map_name, m)
    note = availability_note(report)
    if note:
        lines.append(note)
    return "\n".join(lines)
