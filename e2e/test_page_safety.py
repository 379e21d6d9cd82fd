"""Issue 13, "Nothing breaks, nothing is lost", on the page's own Python in CPython (``pagefake`` stands in for
the browser): storage that throws or is full, hostile saves and links, stale clicks, a game changed from the
console, a crash while drawing, links to games saved here, two tabs on one save, and fuzzing of the import
and link paths.  The same behaviour is checked in Chromium, on fewer cases, in ``test_safety.py``."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import imperial_core as core
import mutate
import pagefake as pf
import pytest
from imperial_core import codec
from imperial_ui import saves  # on the path through pagefake
from imperial_ui.session import Session, form_names
from imperial_ui.store import QUOTA, Store
from test_botplay import FakeBots

PREFIX = "imperial.save."


# -- helpers ---------------------------------------------------------------------------------------------
def game(moves: int, seed: int = 5, players: tuple[str, ...] = ("Ann", "Bo", "Cy"), pick: int = 0) -> Session:
    s = Session.new(list(players), game_id=f"g{seed}", seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        acts = core.legal_actions(s.present)
        s.play(acts[pick % len(acts)] if pick else rng.choice(acts))
    return s


def choices(page: pf.FakePage) -> list[tuple[str, str]]:
    """The choices drawn in the decision panel: (value, decision id)."""
    return re.findall(r'data-choice="([^"]+)" data-at="([^"]*)"', page.html("decision"))


def click_first(app: Any, page: pf.FakePage, which: int = 0) -> None:
    """One move by clicks: the first (or ``which``) drawn choice, again until a move is made."""
    n = moves_of(page)
    for _ in range(6):
        value, at = choices(page)[which]
        app.choose(value, at)
        if moves_of(page) != n:
            return


def click_last(app: Any, page: pf.FakePage) -> None:
    click_first(app, page, -1)


def moves_of(page: pf.FakePage) -> int:
    return int(page.document.body.dataset.moves)


def stored_moves(page: pf.FakePage, game_id: str) -> int:
    return json.loads(page.local.data[PREFIX + game_id])["summary"]["moves"]


def no_trouble(page: pf.FakePage) -> None:
    """No unexpected error reached the page (the guard's last-resort message) or the console."""
    assert not any("Something went wrong" in m[0] for m in page.ui.messages), page.ui.messages
    assert not page.console.errors, page.console.errors


# -- 1. whatever localStorage holds, the page starts ----------------------------------------------------
def hostile_storage(good: str) -> dict[str, str]:
    data = json.loads(good)
    bad_time = json.loads(good)
    bad_time["meta"]["saved"] = "yesterday"
    huge_time = json.loads(good)
    huge_time["meta"]["saved"] = 1e300
    nation_list = json.loads(good)
    nation_list["summary"]["nation"] = ["AH", "IT"]
    players_obj = json.loads(good)
    players_obj["summary"]["players"] = {"Ann": 1}
    token = core.encode(Session.from_save(good).present)
    return {
        PREFIX + "notjson": "{not json",
        PREFIX + "empty": "",
        PREFIX + "null": "null",
        PREFIX + "list": "[1, 2, 3]",
        PREFIX + "nested": "[" * 100_000 + "]" * 100_000,
        PREFIX + "nested-object": '{"a":' * 50_000 + "1" + "}" * 50_000,
        PREFIX + "huge": "x" * 3_000_000,
        PREFIX + "huge-json": json.dumps({**data, "pad": "y" * 400_000}),
        PREFIX + "slow": '{"a":"' + '\\"' * 100_000,  # an unclosed text full of escaped quotes
        PREFIX + "bad-time": json.dumps(bad_time),
        PREFIX + "huge-time": json.dumps(huge_time),
        PREFIX + "nation-list": json.dumps(nation_list),
        PREFIX + "players-object": json.dumps(players_obj),
        PREFIX + "link": token,
        PREFIX + '<img src=x onerror="alert(1)">': "{}",
        PREFIX + "good": good,
    }


def test_the_page_starts_whatever_local_storage_holds():
    good = game(12).to_save()
    page = pf.FakePage()
    page.local.quota = 10**9
    page.local.data.update(hostile_storage(good))
    t0 = time.perf_counter()
    app = pf.new_app(page)
    print(f"page started over hostile storage in {time.perf_counter() - t0:.2f} s")  # a figure, not a check
    assert page.ui.screen_name == "start"
    html = page.html("saves-list")
    assert html.count('class="save bad"') == len(page.saves()) - 1 - 2  # all but the good one and the 2 timestamps
    assert html.count('class="save"') == 3  # the good save and the two with odd times (listed, time unknown)
    assert "<img" not in html
    rows = {r["key"]: r for r in app.library.save_rows()}
    assert "nested too deeply" in rows[PREFIX + "nested"]["bad"]
    assert "not closed" in rows[PREFIX + "slow"]["bad"]
    assert "too large" in rows[PREFIX + "huge"]["bad"] and rows[PREFIX + "huge"]["openable"]
    assert "summary" in rows[PREFIX + "nation-list"]["bad"]
    assert rows[PREFIX + "bad-time"]["saved"] == 0 and rows[PREFIX + "huge-time"]["saved"] == 0
    # every damaged row offers Download raw and Delete; Download raw gives exactly what is stored
    for key, row in rows.items():
        if row.get("bad"):
            assert f'data-cmd="download-raw" data-arg="{views_esc(key)}"' in html
            assert f'data-cmd="delete-save" data-arg="{views_esc(key)}"' in html
    app.command("download-raw", PREFIX + "slow")
    assert page.ui.downloads[-1] == ("imperial-slow-raw.txt", page.local.data[PREFIX + "slow"])
    app.command("delete-save", PREFIX + "notjson")
    assert PREFIX + "notjson" not in page.local.data
    # the others keep working: the good save opens; a damaged one says why and stays as it is
    app.command("resume", PREFIX + "nested")
    assert "This save cannot be opened" in page.message and "nested too deeply" in page.message
    assert page.local.data[PREFIX + "nested"].startswith("[[[")
    app.command("resume", PREFIX + "huge")
    assert "This save cannot be opened" in page.message
    app.command("resume", PREFIX + "good")
    assert page.ui.screen_name == "game" and moves_of(page) == 12
    no_trouble(page)


def views_esc(text: str) -> str:
    from imperial_ui.views import esc

    return esc(text)


def test_listing_is_read_once_per_stored_text():
    page = pf.FakePage()
    page.local.data[PREFIX + "good"] = game(5).to_save()
    app = pf.new_app(page)
    calls = []
    real = saves.list_row
    saves.list_row = lambda *a: calls.append(a) or real(*a)  # type: ignore[assignment]
    try:
        app.library.refresh()
        app.library.refresh()
    finally:
        saves.list_row = real  # type: ignore[assignment]
    assert calls == []  # listed at start, cached since


def test_precheck_refuses_slow_and_deep_input():
    """Escapes by the hundred thousand and nesting far past the limit are refused before any parsing (in at
    most ``MAX_DEPTH`` linear passes, by construction; the time is printed, not checked: machines are noisy)."""
    for n in (20_000, 200_000):
        t0 = time.perf_counter()
        assert saves.precheck('{"a":"' + '\\"' * n)
        assert saves.precheck("[" * n + "]" * n) == "this is not an Imperial save (nested too deeply)"
        print(f"precheck of {n:,} escapes and brackets: {time.perf_counter() - t0:.3f} s")
    depth = codec.MAX_DEPTH
    assert saves.precheck("[" * depth + "]" * depth) is None
    assert saves.precheck("[" * (depth + 1) + "]" * (depth + 1))
    assert saves.precheck('{"a": "\\\\", "b": ["]]]", "\\"[["]}') is None  # brackets in texts do not count
    assert saves.precheck('{"a": 1,}')
    assert saves.precheck("#g=AAAA") is None  # links are the engine's (linear) business
    with pytest.raises(core.BadToken, match="not closed"):
        saves.read('{"a":"' + '\\"' * 50_000)


# -- 2. a click counts only for the decision it was drawn for -------------------------------------------
def test_a_click_counts_only_for_the_decision_it_was_drawn_for():
    page = pf.FakePage()
    app = pf.new_app(page)
    app.command("start")
    value, at = choices(page)[0]
    app.choose(value, at)
    assert moves_of(page) == 1  # a rondel space: one click
    # the second click of a double click, drawn for move 0, arrives now: dropped
    second, _ = choices(page)[0]
    app.choose(second, at)
    assert moves_of(page) == 1 and page.document.body.dataset.dropped == "1"
    app.choose(second, None)  # a click without a decision id is never applied
    assert moves_of(page) == 1
    # a unit selected (a half-made choice) is a new decision: a click drawn before it is dropped
    s = game(0)
    rng = random.Random(1)
    while not any(a.type == "army" for a in core.legal_actions(s.present)):
        s.play(rng.choice(core.legal_actions(s.present)))
    app.command("import", s.to_save())
    army = next(a for a in core.legal_actions(app.session.present) if a.type == "army")
    before = app.model.epoch
    app.choose(army.origin, str(before))
    assert app.model.epoch == before + 1
    n = moves_of(page)
    app.choose(army.to, str(before))  # aimed at the old drawing
    assert moves_of(page) == n
    app.choose(army.to, str(app.model.epoch))
    assert moves_of(page) == n + 1 or "Selected" in page.html("decision")
    # the drawn map regions carry the same id
    assert page.ui.drawn_at == str(app.model.epoch)
    assert all(t["data-at"] == str(app.model.epoch) for t in page.ui.targets().values())
    no_trouble(page)


# -- 3. storage blocked: the page runs on memory and says so -------------------------------------------
def test_blocked_storage_runs_without_saving_and_says_so():
    page = pf.FakePage(storage_blocked=True)
    app = pf.new_app(page)
    assert page.ui.banner_text == "Saving is off in this browser; use links or Export."
    assert "Saving is off" in page.html("saves-list")
    app.command("start")
    click_first(app, page)
    click_first(app, page)
    assert moves_of(page) == 2 and page.message == ""
    assert page.ui.unsaved  # leaving the page asks first
    app.command("export")
    name, text = page.ui.downloads[-1]
    assert Session.from_save(text).cur == 2 and not page.ui.unsaved
    app.command("share")
    assert Session.from_save(page.ui.shared[-1]).cur == 2
    app.command("home")
    assert "2 moves" in page.html("saves-list")  # kept for this page's life
    no_trouble(page)


def test_store_never_raises():
    class Broken:
        length = 3

        def getItem(self, k: str) -> str:  # noqa: N802
            raise pf.JsError("SecurityError")

        def setItem(self, k: str, v: str) -> None:  # noqa: N802
            raise pf.JsError("QuotaExceededError", "exceeded the quota")

        def removeItem(self, k: str) -> None:  # noqa: N802
            raise pf.JsError("SecurityError")

        def key(self, i: int) -> str:
            raise pf.JsError("SecurityError")

    s = Store(Broken)
    assert not s.off
    assert s.get("a") is None and s.set("a", "b") == QUOTA and s.keys() == []
    s.remove("a")

    def refuse() -> Any:
        raise pf.JsError("SecurityError", "Access is denied for this document.")

    off = Store(refuse)
    assert off.off and off.set("a", "b") == "" and off.get("a") == "b" and off.keys("a") == ["a"]
    assert Store(lambda: None).off


# -- 4. full or throwing storage: a message, an offer, and the game kept -------------------------------
def test_a_throwing_session_storage_does_not_hide_the_full_storage_message():
    page = pf.FakePage()
    app = pf.new_app(page)
    app.command("start")
    page.local.fail = "QuotaExceededError"
    page.session.fail = "QuotaExceededError"
    click_first(app, page)
    assert "storage is full" in page.message and "free-space" in page.actions and "export" in page.actions
    assert moves_of(page) == 1 and page.ui.unsaved
    page.local.fail = "SecurityError"
    click_first(app, page)
    assert "refused to save" in page.message and moves_of(page) == 2
    no_trouble(page)


def test_a_full_storage_offers_to_delete_old_saves_and_never_loses_the_game():
    local = pf.Storage(quota=10**9)
    old = []
    for k in range(4):
        s = game(8 + k, seed=10 + k)
        s.game_id = f"old{k}"
        text = s.to_save()
        data = json.loads(text)
        data["meta"]["saved"] = 1_700_000_000 + k  # old0 is the oldest
        local.data[PREFIX + s.game_id] = json.dumps(data)
        old.append(PREFIX + s.game_id)
    local.data[PREFIX + "damaged"] = "{oops"
    page = pf.FakePage(local)
    app = pf.new_app(page)
    app.command("start")
    gid = app.session.game_id
    local.quota = local.used()  # nothing more fits
    click_first(app, page)
    assert "storage is full" in page.message
    assert stored_moves(page, gid) == 0 and page.session.data["imperial.pending"]
    # a reload of this tab brings the game back from the tab's own storage
    again = pf.FakePage(local)
    again.session = page.session
    app2 = pf.new_app(again)
    assert moves_of(again) == 1 and "back from this tab" in again.html("decision")
    # the offer: the oldest readable saves, never this game, never the damaged one; asked first
    again.confirm_answer = False
    app2.command("free-space")
    assert "old0" in again.confirms[-1] or "Delete 1 old saved game" in again.confirms[-1]
    assert set(old) <= set(local.data)
    again.confirm_answer = True
    app2.command("free-space")
    assert PREFIX + "old0" not in local.data and PREFIX + "damaged" in local.data
    assert stored_moves(again, gid) == 1 and "imperial.pending" not in again.session.data
    assert "this game is saved" in again.message
    no_trouble(page)
    no_trouble(again)


def test_plan_room_takes_the_oldest_first():
    rows = [{"key": f"k{i}", "saved": float(10 - i), "size": 100} for i in range(5)]
    rows.append({"key": "bad", "saved": 0.0, "size": 10**6, "bad": "x"})
    assert [r["key"] for r in saves.plan_room(rows, "k4", 150)] == ["k3", "k2"]
    assert [r["key"] for r in saves.plan_room(rows, "k4", 10**9)] == ["k3", "k2", "k1", "k0"]
    assert saves.plan_room(rows[:1], "k0", 5) == []


# -- 5. player names: the engine's rules ---------------------------------------------------------------
@pytest.mark.parametrize("names,reason", [
    (["Ann", ""], "player 2 needs a name"),
    (["Ann", "x" * 25], "longer than 24"),
    (["Ann", "A\u200bB"], "cannot be shown"),
    (["Ann", "ann"], "two players are called"),
    (["Ann", "Bank"], "bank"),
])
def test_the_new_game_form_refuses_names_the_engine_refuses(names: list[str], reason: str):
    with pytest.raises(core.IllegalAction, match=reason):
        form_names(names)
    page = pf.FakePage()
    app = pf.new_app(page)
    page.document.getElementById("player-count").value = "2"
    for i, n in enumerate(names, 1):
        page.document.getElementById(f"player-name-{i}").value = n
    app.command("start")
    assert page.ui.screen_name == "start" and "These names cannot be used" in page.message
    assert reason in page.message and "1 to 24 printable characters" in page.message
    assert not page.saves()


def test_names_are_trimmed_as_the_engine_wants_them():
    assert form_names(["  Ann  ", "Bo\tB"]) == ["Ann", "Bo B"]
    core.new_game(form_names(["  Ann  ", "Bo\tB"]), seed=1)


def forged_link(names: list[str], version: int | None = None) -> str:
    """A link whose checksum is right but whose names (or rules version) the engine refuses."""
    good = ["N" * len(n.encode()) + "0" for n in names]
    good = [g[: len(n.encode())] for g, n in zip(good, names, strict=True)]
    good = [f"{g[:-1]}{i}" for i, g in enumerate(good)]
    token = core.encode(core.new_game(good, seed=3))
    raw = bytearray(mutate.token_bytes(token))
    for g, n in zip(good, names, strict=True):
        k = raw.index(g.encode())
        raw[k:k + len(g.encode())] = n.encode()
    if version is not None:
        raw[1] = version  # layout 3: the layout, then the rules version
    return mutate.token_of(mutate.recrc(bytes(raw)))


def test_a_page_started_with_a_tampered_link_says_so_and_keeps_the_saves():
    """The start path of a damaged link (the page opened at it, as a friend opens a link): the browser test
    (``test_ui.py``) checks damaged links in a running page, and a good link at the start."""
    token = core.encode(game(6).present)
    bad = token[:20] + ("A" if token[20] != "A" else "B") + token[21:]
    for link in (bad, token[: len(token) // 2]):
        page = pf.FakePage()
        kept = game(3, seed=8).to_save()
        page.local.data[PREFIX + "g8"] = kept
        page.location.hash = "#g=" + link
        pf.new_app(page)
        assert page.message.startswith("This game link cannot be opened: "), page.message
        assert "saved games are untouched" in page.message, page.message
        assert page.ui.screen_name == "start" and page.location.hash == ""
        assert page.local.data == {PREFIX + "g8": kept}
        no_trouble(page)


def test_a_link_with_names_the_engine_refuses_says_why():
    page = pf.FakePage()
    app = pf.new_app(page)
    page.location.hash = "#g=" + forged_link(["Ann", "aNN"])
    app.links.open_hash()
    assert page.message.startswith("This game link cannot be opened: the set-up is invalid: two players are called")
    assert page.ui.screen_name == "start" and page.location.hash == ""
    no_trouble(page)


# -- 6, 7, 8. every import and link error is a message ------------------------------------------------
@pytest.mark.parametrize("text,reason", [
    ("[" * 200_000 + "]" * 200_000, "nested too deeply"),
    ('{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
    ("", "empty"),
    ("\x00\x01\x02binary", "not a game link"),
    ("x" * 3_000_000, "longer than"),
    ("null", "not an Imperial save"),
    ('"abc', "not closed"),
    ('{"format": "imperial-save", "format_version": 9}', "newer version of the game (save format 9)"),
])
def test_every_import_error_is_a_message(text: str, reason: str):
    page = pf.FakePage()
    app = pf.new_app(page)
    app.command("import", text)
    assert page.message.startswith("This file cannot be imported:") and reason in page.message
    assert page.message.endswith("Nothing was changed.") and not page.saves()
    app.command("import-failed", "NotReadableError: the file changed")
    assert "the browser could not read it" in page.message
    no_trouble(page)


def test_link_messages_are_the_engines():
    token = core.encode(game(20).present)
    raw = mutate.token_bytes(token)
    cases = {
        "#g=" + token[:-6]: "this link is damaged or incomplete",
        "#g=" + token[:10] + ("A" if token[10] != "A" else "B") + token[11:]: "damaged or incomplete (checksum",
        "#g=" + mutate.token_of(mutate.recrc(raw[:1] + bytes([3]) + raw[2:])): "made by a newer version of the game "
                                                                                "(engine format 3); this engine reads "
                                                                                "format 2",
        "#g=" + token + "!": "bad characters",
    }
    page = pf.FakePage()
    app = pf.new_app(page)
    for link, text in cases.items():
        page.location.hash = link
        app.links.open_hash()
        assert page.message.startswith("This game link cannot be opened: ") and text in page.message, page.message
        assert page.location.hash == ""
    no_trouble(page)


def test_an_unexpected_failure_while_reading_is_a_message_not_a_traceback(monkeypatch: pytest.MonkeyPatch):
    page = pf.FakePage()
    page.local.data[PREFIX + "good"] = game(4).to_save()
    app = pf.new_app(page)

    def broken(_text: str, *_rest: Any) -> Any:
        raise IndexError("list index out of range")

    monkeypatch.setattr(codec, "read_save", broken)
    for run in (lambda: app.command("resume", PREFIX + "good"), lambda: app.command("import", game(3).to_save())):
        run()
        assert "could not read it" in page.message
        assert "Traceback" not in page.message and "IndexError" not in page.message
    assert any("IndexError" in e for e in page.console.errors)  # the details go to the console


# -- 9. a game changed from the console is put back before it is saved or linked ----------------------
def test_a_game_changed_from_the_console_is_rebuilt_before_saving_or_linking():
    page = pf.FakePage()
    app = pf.new_app(page)
    app.command("import", game(15).to_save())
    gid = app.session.game_id
    good = app.session.present.model_dump()
    app.session.present.history.append(9999)  # what the issue did from the console
    app.command("share")
    assert "changed from outside the page" in page.message and "at move 15" in page.message
    assert core.decode(page.ui.shared[-1].split("#g=")[1]).model_dump() == good
    # a change deep inside the state, then a move: the move is made on the rebuilt game and saved
    app.session.present.nations["AH"]["treasury"] = 999
    app.session.states[3].players[0]["cash"] = -5  # an earlier state too (undo would show it)
    click_first(app, page)
    assert moves_of(page) == 16 or "changed from outside" in page.message
    saved = Session.from_save(page.local.data[PREFIX + gid])
    assert saved.states[15].model_dump() == good
    assert app.session.intact()
    # a changed state is rebuilt from the move that made it...
    n = app.session.cur
    app.session.states[-1].history[:] = [0]
    assert not app.session.intact()
    assert app.session.restore() == (n, 0) and app.session.intact()
    # ...unless the recorded move was changed too: then that move is dropped, never saved wrong
    other = next(a for a in core.legal_actions(app.session.states[-2]) if str(a) != str(app.session.actions[-1]))
    app.session.actions[-1] = other
    app.session.states[-1].history.append(1)
    assert app.session.restore() == (n - 1, 1) and app.session.cur == n - 1 and app.session.intact()
    click_first(app, page)
    assert Session.from_save(page.local.data[PREFIX + gid]).cur == n
    no_trouble(page)


# -- 10. the move is saved once its frame is painted; hidden, closed or busy first, at once ---------------
def held_frames_game() -> tuple[pf.FakePage, Any, str]:
    """A new game on a page whose frames are painted only when the test says so (``page.paint()``): the page,
    the app and the game's id."""
    page = pf.FakePage()
    page.hold_frames = True
    app = pf.new_app(page)
    app.command("start")
    return page, app, app.session.game_id


def test_a_move_is_saved_after_its_frame_and_never_later_than_the_page_is_hidden():
    page, app, gid = held_frames_game()
    saved: list[int] = []
    real = app.library.save
    app.library.save = lambda: (saved.append(app.session.cur), real())[1]
    assert getattr(page.document, "title", "") == ""  # the tab's title waits for the frame too
    page.paint()
    assert page.document.title.endswith("Imperial")
    click_first(app, page)
    assert stored_moves(page, gid) == 0 and moves_of(page) == 1  # drawn; the save waits for the frame
    page.paint()
    assert stored_moves(page, gid) == 1
    click_first(app, page)
    click_first(app, page)  # a click before the frame: the save that waits is done first
    page.fire("pagehide")  # the page closed before the frame: saved then and there
    assert stored_moves(page, gid) == 3 and saved == [1, 2, 3]
    page.paint()
    assert saved == [1, 2, 3]  # nothing waited any more
    click_first(app, page)
    page.fire("visibilitychange")  # hidden: a hidden page paints no frame
    assert stored_moves(page, gid) == 4
    click_first(app, page)
    app.command("menu")  # whatever the page does next comes after the save: the list shows the game as it is
    assert stored_moves(page, gid) == 5 and saved == [1, 2, 3, 4, 5]
    no_trouble(page)


def test_a_crash_while_drawing_loses_no_move():
    page, app, gid = held_frames_game()
    page.ui.fail_highlight = 1  # the next drawing fails
    click_first(app, page)
    page.paint()
    assert stored_moves(page, gid) == 1
    assert "Something went wrong" in page.message  # the drawing's failure is said, the move is kept
    page2 = pf.FakePage(page.local)
    page2.session = page.session
    pf.new_app(page2)  # reload
    assert moves_of(page2) == 1


# -- links that continue a game saved here --------------------------------------------------------------
def test_relation_of_two_records():
    assert saves.relation(["a", "b"], ["a", "b"]) == ("same", 2)
    assert saves.relation(["a"], ["a", "b"]) == ("continues", 1)
    assert saves.relation(["a", "b"], ["a"]) == ("behind", 1)
    assert saves.relation(["a", "b"], ["a", "c", "d"]) == ("rewrites", 1)
    assert saves.relation([], ["a"]) == ("continues", 0)


def test_every_set_up_option_tells_games_apart():
    """Two games alike but for one option (here Imperial 2030's increase bonus) are never matched."""
    plain = core.new_game(["Ann", "Bo", "Cy"], board="world2030", seed=3)
    bonus = core.new_game(["Ann", "Bo", "Cy"], board="world2030", seed=3, increase_bonus=True)
    saved = saves.facts_of("k", Session.from_state(plain, game_id="k").to_save())
    assert saved is not None and saved.setup == saves.setup_of(plain) != saves.setup_of(bonus)
    assert saves.classify_link(saves.setup_of(bonus), [], [saved]) is None
    assert saves.classify_link(saves.setup_of(plain), [], [saved]).relation == "same"
    other_names = core.new_game(["Ann", "Cy", "Bo"], board="world2030", seed=3)
    assert saves.setup_of(other_names) != saved.setup


def open_link(app: Any, page: pf.FakePage, state: Any) -> None:
    page.location.hash = "#g=" + core.encode(state)
    app.links.open_hash()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["all of its 1 move and 2 more", "agree for the first move, then they differ (your save has 1 move,",
            "it has 1 move;"]),
    ("de", ["alle ihre 1 Zug und 2 weitere", "stimmen im ersten Zug überein", "sie hat 1 Zug;"]),
    ("es", ["tiene sus 1 jugada y 2 más", "coinciden en la primera jugada y", "tiene 1 jugada;"]),
])
def test_the_link_prompt_counts_moves_in_words_that_agree_with_the_number(lang: str, said: list[str]):
    from imperial_ui.saves import Match
    from imperial_ui.views import link_prompt_html

    for relation, words in zip(("continues", "rewrites", "behind"), said, strict=True):
        m = Match(key="k", relation=relation, common=1, saved_moves=1, link_moves=3 if relation != "behind" else 0,
                  saved=0.0, players=("Ann", "Bo"))
        assert words in link_prompt_html(m, lang), (relation, link_prompt_html(m, lang))


def test_a_link_to_a_saved_game_says_continues_or_rewrites_and_never_overwrites_silently():
    base = game(20, seed=8)
    page = pf.FakePage()
    page.local.data[PREFIX + "mine"] = Session.from_state(base.states[12], game_id="mine").to_save()
    page.local.data[PREFIX + "other"] = game(12, seed=9).to_save()  # another set-up: never matched
    app = pf.new_app(page)
    mine = page.local.data[PREFIX + "mine"]
    # continues: the link has the 12 saved moves and 8 more
    open_link(app, page, base.states[20])
    assert page.ui.prompt_open and page.document.body.dataset.link == "continues"
    assert "continues your saved game: it has all of its 12 moves and 8 more" in page.html("prompt-body")
    assert page.local.data[PREFIX + "mine"] == mine and len(page.saves()) == 2  # nothing written yet
    app.command("link-continue", PREFIX + "mine")
    assert stored_moves(page, "mine") == 20 and app.session.game_id == "mine" and len(page.saves()) == 2
    # rewrites: back to move 9, another move, then on
    fork = Session.from_state(base.states[9], game_id="x")
    acts = core.legal_actions(fork.present)
    fork.play(next(a for a in acts if str(a) != str(base.actions[9])))
    for _ in range(4):
        fork.play(core.legal_actions(fork.present)[0])
    open_link(app, page, fork.present)
    body = page.html("prompt-body")
    assert page.document.body.dataset.link == "rewrites"
    assert "both agree for the first 9 moves, then they differ (your save has 20 moves, the link 14)" in body
    assert 'data-cmd="link-continue"' not in body  # a rewrite is never offered as an update
    app.command("link-new")
    assert stored_moves(page, "mine") == 20 and len(page.saves()) == 3
    # the same game, and a link behind the save
    open_link(app, page, base.states[20])
    assert page.document.body.dataset.link == "same" and "1 more saved game has the same set-up" in page.html(
        "prompt-body")
    open_link(app, page, base.states[5])
    assert page.document.body.dataset.link == "behind"
    assert "this link stops at move 5" in page.html("prompt-body")  # the newest save further along
    app.command("resume", PREFIX + "mine")
    assert moves_of(page) == 20 and not page.ui.prompt_open
    # a link nobody has saved opens without a prompt, and is saved as a new game at its first move
    page.ui.prompt_open = False
    open_link(app, page, game(3, seed=77).present)
    assert not page.ui.prompt_open and moves_of(page) == 3
    no_trouble(page)


def test_continue_is_refused_when_the_save_changed_meanwhile():
    base = game(14, seed=8)
    page = pf.FakePage()
    page.local.data[PREFIX + "mine"] = Session.from_state(base.states[10], game_id="mine").to_save()
    app = pf.new_app(page)
    open_link(app, page, base.states[14])
    page.local.data[PREFIX + "mine"] = game(3, seed=8, pick=1).to_save()  # another tab played elsewhere
    app.command("link-continue", PREFIX + "mine")
    assert "nothing was overwritten" in page.message and stored_moves(page, "mine") == 3


# -- two tabs on one save --------------------------------------------------------------------------------
def test_two_tabs_on_one_save_never_overwrite_each_others_newer_moves():
    local = pf.Storage()
    local.data[PREFIX + "g"] = game(10, seed=4).to_save()
    a_page, b_page = pf.FakePage(local), pf.FakePage(local)
    a = pf.new_app(a_page)
    a.command("resume", PREFIX + "g")
    pf.switch(b_page)
    b = pf.new_app(b_page)
    b.command("resume", PREFIX + "g")
    # b announced it; a hears it, answers, and both say the game is open elsewhere
    pf.switch(a_page)
    a.command("peer", b_page.ui.announced[-1])
    assert "open in another tab" in a_page.html("decision")
    pf.switch(b_page)
    b.command("peer", a_page.ui.announced[-1])
    assert "open in another tab" in b_page.html("decision")
    # b plays; a missed the storage event (say, a background tab): a's next move must not overwrite b's
    click_first(b, b_page)
    b_text = local.data[PREFIX + "g"]
    pf.switch(a_page)
    click_last(a, a_page)  # another move than b's
    assert local.data[PREFIX + "g"] == b_text  # b's move is kept
    assert a.session.game_id != "g" and stored_moves(a_page, a.session.game_id) == 11  # a's move, in a copy
    assert "changed in another tab" in a_page.html("decision")
    # with the storage event: a forks at once and offers b's version
    pf.switch(b_page)
    click_first(b, b_page)
    pf.switch(a_page)
    a.command("resume", PREFIX + "g")
    pf.switch(b_page)
    click_last(b, b_page)
    pf.switch(a_page)
    a.links.on_storage(pf.storage_event(PREFIX + "g", local.data[PREFIX + "g"]))
    assert a.session.game_id != "g" and "resume" in a_page.actions
    # a save deleted in the other tab is no conflict either: the next move writes it again
    a.links.on_storage(pf.storage_event(PREFIX + a.session.game_id, None))
    game_id = a.session.game_id
    click_first(a, a_page)
    assert a.session.game_id == game_id
    # a tab that re-saves the same game (opened it, nothing new) is no conflict
    pf.switch(b_page)
    b.command("resume", PREFIX + "g")
    n = stored_moves(b_page, "g")
    b.links.on_storage(pf.storage_event(PREFIX + "g", local.data[PREFIX + "g"]))
    assert b.session.game_id == "g"
    click_first(b, b_page)
    assert stored_moves(b_page, "g") == n + 1
    no_trouble(a_page)
    no_trouble(b_page)


# -- fuzz: ≥ 1,000 damaged saves and links through the page's import and link paths ------------------
FUZZ = 1200


def fuzz_sources() -> tuple[str, str]:
    s = game(40, seed=21, players=("Ann", "Bjørn", "Cy", "Dee"))
    s.undo()
    s.undo()  # a redo tail too
    return s.to_save(), core.encode(s.present)


def check_working(app: Any, page: pf.FakePage) -> None:
    """The page still plays: a new game starts and takes a move."""
    app.command("start")
    assert page.ui.screen_name == "game" and moves_of(page) == 0
    click_first(app, page)
    assert moves_of(page) == 1


def test_fuzz_damaged_saves_through_import():
    text, _token = fuzz_sources()
    rng = random.Random(13)
    page = pf.FakePage()
    page.local.quota = 10**9
    app = pf.new_app(page)
    outcomes = {"refused": 0, "opened": 0}
    t0 = time.perf_counter()
    for i in range(FUZZ):
        bad = mutate.mutate_save(rng, text)
        page.ui.message_box = None
        before = dict(page.saves())
        app.command("import", bad)
        if page.message:
            assert page.message.startswith("This file cannot be imported:"), (i, page.message)
            assert page.saves() == before
            outcomes["refused"] += 1
        else:
            assert "Imported from a file." in page.html("decision") and len(page.saves()) == len(before) + 1
            outcomes["opened"] += 1
            for k in set(page.saves()) - set(before):
                del page.local.data[k]
        if i % 200 == 0:
            check_working(app, page)
    elapsed = time.perf_counter() - t0
    no_trouble(page)
    assert outcomes["refused"] > FUZZ * 0.6 and outcomes["opened"] > 0, outcomes
    print(f"fuzz imports: {outcomes} in {elapsed:.1f} s")


def test_fuzz_damaged_links_through_the_address():
    _text, token = fuzz_sources()
    rng = random.Random(14)
    page = pf.FakePage()
    page.window.imperialBots = FakeBots()  # a link may come out with computer seats: the worker is asked
    app = pf.new_app(page)
    outcomes = {"refused": 0, "opened": 0}
    for i in range(FUZZ):
        link = mutate.mutate_link(rng, token)
        page.ui.message_box = None
        page.ui.prompt_open = False
        page.location.hash = link
        game_before = page.document.body.dataset.game
        app.links.open_hash()
        if page.message:
            assert page.message.startswith("This game link cannot be opened: "), (i, link, page.message)
            assert page.location.hash == ""
            outcomes["refused"] += 1
        else:
            # a game at one screen says where it came from; one played by link (a changed flag) asks who this is
            assert page.document.body.dataset.game != game_before
            assert "Opened from a link" in page.html("decision") or (
                page.ui.prompt_open and 'data-testid="claim-watch"' in page.html("prompt-body")), (i, link)
            outcomes["opened"] += 1
        assert not page.saves()  # a link is never saved before a move
        if i % 200 == 0:
            check_working(app, page)
            page.local.data.clear()
    no_trouble(page)
    assert outcomes["refused"] > FUZZ * 0.6 and outcomes["opened"] > 0, outcomes
    print(f"fuzz links: {outcomes}")


def test_fuzz_damaged_values_in_storage_never_stop_the_page():
    text, token = fuzz_sources()
    rng = random.Random(15)
    local = pf.Storage(quota=10**9)
    for i in range(300):
        local.data[f"{PREFIX}f{i}"] = (mutate.mutate_save(rng, text) if i % 3 else mutate.mutate_link(rng, token))
    page = pf.FakePage(local)
    page.session.data["imperial.current"] = "f7"
    t0 = time.perf_counter()
    app = pf.new_app(page)
    print(f"page started over 300 damaged saves in {time.perf_counter() - t0:.1f} s")  # a figure, not a check
    assert page.ui.screen_name in ("start", "game")
    for k in list(local.data)[:40]:
        app.command("resume", k)
        assert page.ui.screen_name == "game" or page.message.startswith("This save cannot be opened")
    check_working(app, page)
    no_trouble(page)
