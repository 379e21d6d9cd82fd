"""Charts of a game (render.charts): one line per nation or player whose values are the engine's figures."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import imperial_core as ic
import pytest
from imperial_core.timeline import Point, timeline
from render.charts import KINDS, LEFT, chart_svg, charts_svg, series

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def finished() -> ic.GameState:
    rng = random.Random(11)
    s = ic.new_game(["Ann", "Bob", "Cem", "Dee"], seed=11)
    while not s.is_over:
        s = ic.apply_index(s, rng.randrange(len(ic.legal_actions(s))))
    return s


def test_score_series_match_the_engine_after_each_round(finished: ic.GameState) -> None:
    xs, lines = series(finished, "scores")
    pts = timeline(finished)
    assert len(xs) == len(pts) and xs == sorted(xs)
    assert set(lines) == {"Ann", "Bob", "Cem", "Dee"}
    first = ic.load_board("europe").nations[0].id
    states = [ic.codec.start_of(finished)]
    for i in finished.history:
        states.append(ic.apply_index(states[-1], i))
    round_starts = [k for k, p in enumerate(pts) if p.nation == first]
    assert len(round_starts) >= 5
    for k in round_starts:
        assert xs[k] == pts[k].round - 1
        assert {name: vals[k] for name, vals in lines.items()} == ic.scores(states[pts[k].step])
    assert {name: vals[-1] for name, vals in lines.items()} == ic.scores(finished)


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_chart_draws_one_line_per_series_with_every_point(finished: ic.GameState, kind: str) -> None:
    svg = chart_svg(finished, kind)
    root = ET.fromstring(svg)
    lines = root.findall(f".//{SVG}polyline[@data-series]")
    xs, data = series(finished, kind)
    assert [ln.get("data-series") for ln in lines] == list(data)
    for ln in lines:
        pts = ln.get("points").split()
        assert len(pts) == len(xs)
        values = data[ln.get("data-series")]
        # the highest value is drawn highest (smallest y) on its line
        ys = [float(p.split(",")[1]) for p in pts]
        assert ys[values.index(max(values))] == min(ys)
    desc = root.find(f"{SVG}desc").text
    told = [part.rsplit(": ", 1)[1].split(", ") for part in desc.split("; ")]
    assert told == [[str(v) for v in values] for values in data.values()]
    assert root.get("role") == "img" and root.get("aria-label") == KINDS[kind][0]


def test_charts_are_deterministic_and_refuse_unknown_kinds(finished: ic.GameState) -> None:
    assert charts_svg(finished) == charts_svg(finished)
    with pytest.raises(ValueError, match="unknown chart"):
        chart_svg(finished, "weather")


def _round_ticks(svg: str) -> list[str]:
    """The labels under the round axis, left to right."""
    root = ET.fromstring(svg)
    ticks = [el for el in root.iter(f"{SVG}text") if el.get("class") == "tick" and el.get("text-anchor") == "middle"]
    return [el.text for el in sorted(ticks, key=lambda el: float(el.get("x"))) if el.text and el.text.isdigit()]


def test_the_round_axis_starts_at_the_first_point(finished: ic.GameState) -> None:
    """A game from its start is drawn from round 0; points from round 15 on (a review of a game taken up
    late) fill the width from round 15, not three quarters of it empty."""
    assert _round_ticks(chart_svg(finished, "scores"))[0] == "0"
    names = [p["name"] for p in finished.players]
    nations = [n.id for n in finished.board_data.nations]
    late = [Point(step=k, round=15 + k // len(nations), nation=nations[k % len(nations)], label="",
                  scores={name: 10 + k + i for i, name in enumerate(names)}) for k in range(3 * len(nations))]
    svg = chart_svg(finished, "scores", late)
    ticks = _round_ticks(svg)
    # the first point is at the start of round 15 (x = 14), the last in round 17 (x = 16 and five sixths)
    assert ticks == ["14", "15", "16"], ticks
    first_x = {float(line.get("points").split()[0].split(",")[0])
               for line in ET.fromstring(svg).findall(f".//{SVG}polyline[@data-series]")}
    assert first_x == {LEFT}  # every line begins at the left axis
