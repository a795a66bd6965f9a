"""The self-play report: exact figures from crafted game summaries."""

from __future__ import annotations

from shared.ai.selfplay import GameSummary
from shared.ai.selfplay_report import (
    TABLE_COLUMNS, format_report, markdown_table, summarise, table_rows, wilson_interval,
)
from shared.ai.warstats import Availability, WarTally


def summary(index, map_name, preset, winner, reason, scores, turns, *, attacks=(0, 0), won=(0, 0), lost=(0, 0),
            points=(0, 0), bonus=(0, 0), enemy=(0, 0), pewter=(0, 0), removed=None, touch=None,
            availability=None, levels=(4, 4), left=(0, 0), first=1, pewter_first=None) -> GameSummary:
    pair = lambda t: {1: t[0], 2: t[1]}  # noqa: E731
    war = WarTally(attacks=pair(attacks), attacks_won=pair(won), attacks_lost=pair(lost), removed=removed or {},
                   combat_points=pair(points), city_bonus=pair(bonus), enemy_cities=pair(enemy),
                   pewter_cities=pair(pewter), first_touch_turn=touch, availability=availability,
                   first_pewter=pewter_first)
    return GameSummary(index=index, map_name=map_name, seed=index, levels=pair(levels), preset=preset, first=first,
                       winner=winner, reason=reason, scores=pair(scores), turns=turns, actions=turns * 3,
                       commits=pair((1, 1)), attacks=pair(attacks), redeploys=pair((0, 0)),
                       think={1: [0.1, 0.3], 2: [0.2]}, war=war, letters_left=pair(left))


def games() -> list[GameSummary]:
    return [
        # ford: a conquest by the first player, and a stall-limit game won by the second
        summary(0, "ford", "standard", 1, "conquest", (100, 50), 20, attacks=(6, 4), won=(4, 1), lost=(2, 3),
                points=(20, 10), bonus=(40, 0), enemy=(1, 0), pewter=(1, 0), touch=8,
                removed={"defeated": 10, "swept": 4, "attack failed": 6, "stranded": 3}),
        summary(1, "ford", "standard", 2, "stall-limit", (80, 120), 40, attacks=(2, 0), won=(0, 0), lost=(2, 0),
                points=(0, 6), touch=12, removed={"attack failed": 5, "ice cracked": 2}),
        # mere: a turn-limit draw that never touched, and a resignation
        summary(2, "mere", "standard", None, "turn-limit", (90, 90), 200),
        summary(3, "mere", "standard", 1, "resigned", (150, 30), 30, attacks=(1, 1), won=(1, 0), lost=(0, 1),
                points=(15, 0), touch=25, removed={"defeated": 5, "attack failed": 2}),
    ]


def test_endings_are_counted_whatever_their_reason():
    report = summarise(games(), 4, 4)
    assert report["games"] == 4
    assert report["endings"] == {"conquest": 1, "resigned": 1, "stall-limit": 1, "turn-limit": 1}
    assert report["ending_shares"]["turn-limit"] == 0.25
    assert report["draws"] == 1
    assert report["first_player_win_rate"] == round((2 + 0.5) / 4, 3)
    assert report["turns"] == {"mean": 72.5, "min": 20, "max": 200}
    assert report["maps"]["ford"]["endings"] == {"conquest": 1, "stall-limit": 1}
    assert report["maps"]["mere"]["first_player_win_rate"] == 0.75


def test_war_figures_per_game_and_per_map():
    war = summarise(games(), 4, 4)["war"]
    assert war["attacks_per_game"] == (10 + 2 + 0 + 2) / 4
    assert war["attack_win_share"] == round(6 / 14, 3)  # 6 won, 8 lost
    assert war["attacks_won_per_game"] == 1.5
    assert war["combat_letters_per_game"] == (20 + 5 + 0 + 7) / 4  # not stranded, not ice
    assert war["removed_letters_per_game"] == {"attack failed": 3.2, "defeated": 3.8, "ice cracked": 0.5,
                                               "stranded": 0.8, "swept": 1.0}
    # winners: (20 + 40) / 100, 6 / 120, 15 / 150; the draw has no winner
    assert war["winner_combat_share"] == round((0.6 + 0.05 + 0.1) / 3, 3)
    assert war["winner_combat_share_games"] == 3
    assert war["cities_per_game"] == {"enemy": 0.25, "pewter": 0.25}
    assert war["first_touch_turn"] == {"mean": 15.0, "min": 8, "max": 25}
    assert war["never_touched"] == 1
    ford = summarise(games(), 4, 4)["maps"]["ford"]["war"]
    assert ford["attacks_per_game"] == 6 and ford["first_touch_turn"]["mean"] == 10 and ford["never_touched"] == 0


def test_the_race_for_the_first_pewter_city():
    # ford: the first player (gold) takes the pewter city on turn 3 and wins; mere: silver,
    # moving second, takes it on turn 6 and loses; one game no pewter city falls
    race_games = [
        summary(0, "ford", "war", 1, "conquest", (100, 50), 20, pewter=(1, 0), pewter_first=(1, 3)),
        summary(1, "mere", "war", 1, "score", (90, 60), 40, pewter=(0, 1), pewter_first=(2, 6)),
        summary(2, "mere", "war", 2, "score", (50, 70), 40),
    ]
    report = summarise(race_games, 4, 4)
    assert report["war"]["pewter_race"] == {"games": 2, "first_player_took": 0.5, "taker_won": 0.5,
                                            "turn": {"mean": 4.5, "min": 3, "max": 6}}
    assert report["maps"]["ford"]["war"]["pewter_race"]["taker_won"] == 1.0
    assert report["maps"]["mere"]["war"]["pewter_race"]["first_player_took"] == 0.0
    text = format_report(report)
    assert "the first pewter city fell in 2 games, on turn 4.5 on average, to the first player in 50%" in text
    assert summarise(games(), 4, 4)["war"]["pewter_race"]["games"] == 0, "no pewter city fell: no race"


def test_levels_and_presets_are_reported_apart():
    mixed = [summary(0, "ford", "standard", 1, "score", (90, 40), 50, attacks=(3, 1), won=(2, 0), lost=(1, 1),
                     levels=(4, 1)),
             summary(1, "ford", "war", 2, "conquest", (40, 90), 30, attacks=(1, 5), won=(0, 5), levels=(1, 4))]
    report = summarise(mixed, 4, 1)
    assert report["wins"] == {"4": 2, "1": 0} and report["win_rate"] == {"4": 1.0, "1": 0.0}
    assert report["war"]["by_level"]["4"] == {"attacks_per_game": 4.0, "attack_win_share": round(7 / 8, 3),
                                              "combat_points_per_game": 0}
    assert report["war"]["by_level"]["1"]["attack_win_share"] == 0.0
    assert list(report["presets"]) == ["standard", "war"]
    assert report["presets"]["war"]["endings"] == {"conquest": 1}
    assert list(report["presets"]["war"]["maps"]) == ["ford"]


def test_availability_shares():
    gold = Availability(turns=10, attack_offered=4, attack_taken=3, city_offered=1, city_taken=0, candidates=100,
                        checked=80, attacking=50, winning=5, capturing=1, capped_turns=2, seconds=2.0)
    silver = Availability(turns=10, attack_offered=1, attack_taken=1, city_offered=0, candidates=20, checked=20,
                          attacking=10, winning=1)
    report = summarise([summary(0, "ford", "standard", 1, "score", (90, 40), 20,
                                availability={1: gold, 2: silver}, levels=(4, 1))], 4, 1)
    a = report["availability"]
    assert a["turns"] == 20
    assert a["attack_offered_share"] == 0.25 and a["attack_taken_share"] == 0.8
    assert a["city_offered_share"] == 0.05 and a["city_taken_share"] == 0.0
    assert a["winning_share_of_attacks"] == 0.1
    assert a["capped_turns"] == 2 and a["candidates_per_turn"] == 6.0 and a["seconds_per_turn"] == 0.1
    assert a["by_level"]["4"]["attack_offered_share"] == 0.4 and a["by_level"]["1"]["city_taken_share"] is None
    assert "availability" not in summarise(games(), 4, 4)  # not checked: not reported


def test_markdown_rows_per_preset_and_map():
    report = summarise(games(), 4, 4)
    rows = table_rows(report)
    assert [row[:3] for row in rows] == [["4 v 4", "standard", "ford"], ["4 v 4", "standard", "mere"],
                                         ["4 v 4", "standard", "all maps"]]
    ford = dict(zip(TABLE_COLUMNS, rows[0]))
    assert ford["conquest"] == "50%" and ford["stall limit"] == "50%" and ford["pass-out"] == "0%"
    assert ford["other endings"] == "-"
    assert ford["attacks a game"] == "6" and ford["attacks won"] == "42%"  # 4 + 1 won, 2 + 3 + 2 lost
    assert ford["first touch: mean turn, latest (never)"] == "10, 12 (0)"  # touched on turns 8 and 12
    assert ford["winning attack offered (taken)"] == "-"
    mere = dict(zip(TABLE_COLUMNS, rows[1]))
    assert mere["other endings"] == "resigned 1" and mere["turn limit"] == "50%"
    assert mere["first touch: mean turn, latest (never)"] == "25, 25 (1)"
    assert mere["turns: mean (min-max)"] == "115 (30-200)"
    text = markdown_table(report)
    assert text.splitlines()[0] == "| " + " | ".join(TABLE_COLUMNS) + " |"
    assert len(text.splitlines()) == 2 + 3
    assert "stall-limit 1 (50%)" in format_report(report)
    assert "after turn 12 in 0 games, never in 0" in format_report(report)


def test_pass_outs_on_leftovers_and_boxed_in():
    # both racks down to one turn's draw (3 letters) or less: leftovers; more on one rack: boxed in
    ends = [summary(0, "ford", "war", 1, "stalemate", (242, 239), 67, left=(2, 2), touch=9),
            summary(1, "ford", "war", 2, "stalemate", (200, 248), 64, left=(10, 4), touch=13),
            summary(2, "ford", "war", 1, "stalemate", (210, 200), 68, left=(3, 0), touch=12),
            summary(3, "ford", "war", 1, "score", (250, 200), 60, left=(0, 9), touch=14)]
    report = summarise(ends, 4, 4)
    assert report["pass_outs"] == {"leftovers": 2, "boxed_in": 1}
    assert report["maps"]["ford"]["pass_outs"] == {"leftovers": 2, "boxed_in": 1}
    assert report["war"]["touched_late"] == 2  # turns 13 and 14; turn 12 is in time
    text = format_report(report)
    assert "stalemate 3 (75%); pass-outs on leftovers 2, boxed in 1" in text
    assert "after turn 12 in 2 games, never in 0" in text
    assert summarise(games(), 4, 4)["pass_outs"] == {"leftovers": 0, "boxed_in": 0}


def test_the_first_player_share_comes_with_its_95_percent_interval():
    assert wilson_interval(0, 10) == (0.0, 0.278)
    assert wilson_interval(15, 30) == (0.332, 0.668)
    assert wilson_interval(0, 0) is None
    report = summarise(games(), 4, 4)
    assert report["first_player_interval"] == (0.219, 0.908)  # 2 wins and a draw: 2.5 of 4
    ford = dict(zip(TABLE_COLUMNS, table_rows(report)[0]))
    assert ford["first player won (95% interval)"] == "50% (10-90%)"  # 1 of 2
    assert "first player won 50% (95% interval 10-90%)" in format_report(report)


def test_the_first_players_share_is_also_given_for_each_colour_that_moved_first():
    # gold moved first twice and won once; silver moved first three times: won, lost, drew
    mixed = [summary(0, "mere", "war", 1, "score", (90, 80), 40),
             summary(1, "mere", "war", 2, "score", (70, 80), 40),
             summary(2, "mere", "war", 2, "conquest", (60, 80), 30, first=2),
             summary(3, "mere", "war", 1, "score", (90, 80), 40, first=2),
             summary(4, "mere", "war", None, "score", (80, 80), 40, first=2)]
    report = summarise(mixed, 4, 4)
    assert report["first_player_win_rate"] == 0.5  # 2.5 of 5
    assert report["first_player_by_colour"] == {"gold": {"games": 2, "first_player_win_rate": 0.5},
                                                "silver": {"games": 3, "first_player_win_rate": 0.5}}
    assert "first player won 50% (95% interval 17-83%); gold first in 2 (50%), silver first in 3 (50%)" \
        in format_report(report)
    # a match where gold always moved first says nothing more
    assert "gold first in" not in format_report(summarise(games(), 4, 4))


def test_between_two_levels_each_levels_share_is_given_by_seat():
    # level 4 moved first in games 0-2 (won 2, drew 1) and second in games 3-4 (won both);
    # level 3 moved first in games 3-4 and lost both, second in games 0-2 (drew one)
    mixed = [summary(0, "mere", "war", 1, "score", (90, 80), 40, levels=(4, 3)),
             summary(1, "mere", "war", 2, "score", (70, 80), 40, levels=(3, 4), first=2),
             summary(2, "mere", "war", None, "score", (80, 80), 40, levels=(4, 3)),
             summary(3, "mere", "war", 2, "conquest", (60, 80), 30, levels=(3, 4)),
             summary(4, "mere", "war", 1, "score", (90, 80), 40, levels=(4, 3), first=2)]
    report = summarise(mixed, 4, 3)
    assert report["first_player_win_rate"] == 0.5  # 2.5 of 5: the seat's worth hides in it
    assert report["first_player_by_level"] == {
        "4": {"games_first": 3, "win_rate_first": 0.833, "games_second": 2, "win_rate_second": 1.0},
        "3": {"games_first": 2, "win_rate_first": 0.0, "games_second": 3, "win_rate_second": 0.167},
    }
    assert ("by seat: level 4 won 83% of 3 moving first, 100% of 2 moving second; "
            "level 3 won 0% of 2 moving first, 17% of 3 moving second") in format_report(report)
    # between equal levels the split would only repeat the first player's share
    assert summarise(games(), 4, 4)["first_player_by_level"] == {}
    assert "by seat" not in format_report(summarise(games(), 4, 4))
