"""Format pins: tokens and saves of every build since rules version 2 keep decoding to the same games
(``docs/saves.md``, *The promise*); the first tokens (rules version 1, before the rules audit) are refused
with a message that says so; saves written by earlier code (``data/``) keep loading.

``PINNED`` tokens (layout 2) were produced by ``imperial_core.randomplay.random_game`` when rules version 2
was released.  If a change makes ``test_layout_2_tokens_replay_unchanged`` (or any pin here) fail, the change
alters how old links or saves replay: that is never allowed.  A rules fix is gated with ``rules_since`` under
a new ``RULES_VERSION`` (kept in ``RULES_READ``); a reordering of ``legal_actions`` must keep rules version
2's order for layout-2 tokens.  Never edit the expected values.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from imperial_core import (
    BadToken,
    apply,
    apply_index,
    decode,
    decode_link,
    encode,
    legal_actions,
    load,
    scores,
)
from imperial_core.codec import LINK_LAYOUT, history_log, read_save, read_summary, save

#: Format 1 (before the rules audit of decisions 4, 7, 14, 15 and 22): refused, never replayed by other rules.
FORMAT_1 = [
    ('AQAAKgMDQWRhAkJvAkN5gwXVAQbcV82TQ5BiLsX54OGVQotlByEc4e69pgnXR6hx4KAvqicdJScLRa01rU-j0mGSCtxM1cdY1O6X2QSvdkCC8spm-38I3pEKyDQNmXZSCCqqKVpwwckOl64rGtVeYwGKre02QORQlxXVMpbsyqk5EyyRM5oVzZbG31vzi8ZLWbH9KmA_5BPlwKHMwTtSTOlhCdL6LqhwtoUBxoZ43La1FvPVRH5efw1afWivZt0axqlHX3l5PMPvhVy8uLK4VI9AVROcHmK6pLN1YC6sXyLyU1EysYcZsgvltlA',
     643, {'Ada': 112, 'Bo': 130, 'Cy': 69}, 'current', 'standard', True),
    ('AQACLAUDQWRhAkJvAkN5AkRpAkVkzwaLAgHF4U-nuKXhQ_5uU7bfxwwQ96EWwd5KiZDfnbGzcx1G4YLIQevhfj6PAoWR0g46DhabVHxI99j8qNy2ejr5h2rSaYn5GruNiYdRUBvK3xlqjVSnXkK_rCGhglgGsrh_DyA1P6b3OhU3rdTTwt5DXuCJ8olSkzUVm_IZXm_MUcOAXS7vpMTzVrcjPH7sdmkO4rcAsvSzAkmP8yQdIRf5wtx91ETHQmioT3mcIR-Rf4N3TIzwYvnMijrGlKAZW1yvrkEn9CDK_aT2fj2khrWoEynZIT1dti-EAv3L_LKmqIBnB72p9JKQKhgvzu6fqXkx8FC6B4_ePjzs6yxKPcCLh5uQEN1jnAidDCKsprbkOO0',
     847, {'Ada': 36, 'Bo': 22, 'Cy': 28, 'Di': 74, 'Ed': 30}, 'current', 'auction', True),
    ('AQAFLgQDQWRhAkJvAkN5AkRp-QaQAhH-67wDDrGcJKBFlkx9WxRe81pBUAWS-lxxwZYI22mTaaX9i-8RTS6wLwUWv_UQSHrRpYnOaQNngGN0yRVvaxXSd3mMfeBA2iPX4zZCA3e3yi7-u-ngDYc6sw9dr74qJKhc3x7PXpZFun-3gSbAhBiprcDdrvWM6T57yGP72cSfij6AbpaOYzSS4s2XXDH0llql81F8Bew_QH21MfMowfZxHZ0XHuzFpvWOO1wvJxyEdbBKhk9_lRytfAA2VSPfEIhBJ9ThTnZqwJ8nw5FNM5Rgo0dPN53Mcvi_QCWJ3sgLeuovk4yLShrUAkMherLgXiqsh_V9QL3DMAhuw9mTwBHjg_DoIor_P44_idBYwexsTYZ-aQ',
     889, {'Ada': 53, 'Bo': 28, 'Cy': 100, 'Di': 39}, 'first', 'standard', False),]

PINNED = [
    ('AgAAVAMDQWRhAkJvAkN5pgb_ATx9RseIC2BMLgXtcKJyU_SlNWhyrUlYlFrss9FhofwJ6BA9vhwOyPChUbE657dwwQv7a_m_nb5WkijV-qZL0-AKphZ6ejhfTerwdjmelYUDCqYDWrjopGDSxCPOl54wT1GFD0KytA-P_KGEjEkRGv_YXyNrmrTGaRBKLFkw_Us2ZlxA9GV46ZPbr03gxUhxaBKBO8Rd2PLmexofSxL1ZJOYuwYfgkAat8eprLHPDJpqlMNy9DfEsWzYVwq1_DJnqKQCgatVe6o1BTY2qgjYIXqeipKdkyrEOk4GaaJKoOYF2Hbw9iV7uiMGfyroxzRsmd_QdM9WgLYyq7fhNc4rgU29HEc',
     806, {'Ada': 148, 'Bo': 95, 'Cy': 83}, 'current', 'standard', True),
    ('AgACWAUDQWRhAkJvAkN5AkRpAkVkrwOQAQtFdY3I4VvuXyG7rREjyDOcolcG0AY-PSPsxVHaOEBbKNVjdQZQ9c9EmYkl94hrSHvtBCljgo52_7P3bX3JyOCLzr6phPVcybwHgJ20Bxd6UKKyWezPRZcF09pX7S4boaMLLaDi7Pwk9G2CC4X4kI79iQ6aT42Ddg15CT-1A1JQ5DHFlxi5AkZ4ZhZKDdQNeVR92ao',
     431, {'Ada': 2, 'Bo': 11, 'Cy': 35, 'Di': 26, 'Ed': 27}, 'current', 'auction', True),
    ('AgAFXAQDQWRhAkJvAkN5AkRp6AaIAgFxFu5Sr0oF3m-v91qQntkzJhH-EEw_MEWBFvf2d7PLk3-SbwZLwtknMBOM93QZ3rQcU4K66F9QE_OnsJT_GIXJwexYnRgQeXlGXB_Z-4T4t0fnWAveb_ijwC_P6ZApykJRQqqnKkEsACnLIKB_Iag2LoiXb7Bq-TR047EyQNjYZ6tCMwfYSa-EAP5ZWkAxbUOtqo0oCqIGQSs4_Bq9Lauw8rPRJKZfe--x1wvi3NBCx_23irLgnpar-X-6IXu8u11tWPRYYkSU6PwApEzv8eQnf2RnorrycCjN0w83xWGBxwLMPxt1NZlEzk4kKGiQ1PSrWn5PsxJL03xqkS96gWuupOYSc8gSMfANadw',
     872, {'Ada': 13, 'Bo': 71, 'Cy': 35, 'Di': 36}, 'first', 'standard', False),
    ('AgADYAYDQWRhAkJvAkN5AkRpAkVkA0Zsb5AG-AETBe4hLAdfneDPVM4oMgUXy2VLcOaFGLU6qWhmHKOaNNQbbZSA5_yeqRADrWy-fwHaKegWsEqEHjrHZWFCna2fcAMDflbKKhvU5UPkhJXJ3Tmh82qP_2dwxTDDmL8s7dAO1ki3TdFlTRGuccqTzbQ7co8M7gTClTZR2zSYHPFHroMLr37Alf5QjMEGheOWWsuZY3pH-QkCa8Gx4obMedvLljopDQooT3NVu2A3WraErvHPIiy1upimchfne4EBN0M6RaBT5NafUUBADmDNdPqv3t3AOy7xZYDAvny60idedqa-A0h-i_KrAd5jjr_BDfXLfz-srdpw1qCZcJw',
     784, {'Ada': 19, 'Bo': 110, 'Cy': 61, 'Di': 60, 'Ed': 61, 'Flo': 71}, 'first', 'auction', True),
]


@pytest.mark.parametrize("token,n_actions,final,edition,setup,investor_card", PINNED)
def test_layout_2_tokens_replay_unchanged(token, n_actions, final, edition, setup, investor_card):
    s = decode(token)
    assert s.is_over
    assert len(s.history) == n_actions
    assert scores(s) == final
    assert (s.edition, s.setup, s.investor_card) == (edition, setup, investor_card)
    assert s.version == 2


@pytest.mark.parametrize("row", FORMAT_1)
def test_format_1_tokens_are_refused_with_a_clear_message(row):
    with pytest.raises(BadToken, match="older version of the rules \\(engine format 1\\); this engine reads "
                                       "format 2"):
        decode(row[0])
    with pytest.raises(BadToken, match="engine format 1"):
        load(row[0])


# -- saves written by earlier code (tests/engine/data, see its README) ----------------------------------------

DATA = Path(__file__).parent / "data"
EXPECTED = json.loads((DATA / "expected.json").read_text(encoding="utf-8"))
TOKENS = (DATA / "tokens-v2.txt").read_text().split()


@pytest.mark.parametrize("name", ["page-save-v1.json", "page-save-v1-before-round.json", "save-v2.json"])
def test_page_saves_load_into_the_same_game_with_their_redo_tail(name):
    text = (DATA / name).read_text(encoding="utf-8")
    want = EXPECTED["page_save"]
    saved = read_save(text)
    assert saved.state.history == want["history"]
    assert saved.state.history + saved.redo == want["final_history"]
    assert saved.meta["id"] == "20250101-120000-abcd" and isinstance(saved.meta["saved"], float)
    assert [p["name"] for p in saved.state.players] == ["Ann", "Bjørn", "Cem"]
    assert saved.state == decode(TOKENS[0])
    summary = read_summary(text)
    assert (summary["moves"], summary["player"], summary["nation"]) == (44, "Cem", "FR")
    # read and written again, every one of them is the current save format, the same text
    v2 = (DATA / "save-v2.json").read_text(encoding="utf-8")
    assert save(saved.state, meta=json.loads(v2)["meta"], redo=saved.redo) == v2


@pytest.mark.parametrize("name", ["engine-v2.json", "engine-v2-before-round.json"])
def test_engine_json_dumps_load_into_the_same_game(name):
    state = load((DATA / name).read_bytes())
    want = EXPECTED["engine"]
    assert state.history == want["history"]
    assert scores(state) == want["scores"]
    assert (state.decision, state.current_player) == (want["decision"], want["player"])
    assert (state.setup, state.investor_card) == ("auction", False)


def test_a_finished_game_dumped_and_saved_loads_unchanged():
    dumped = load((DATA / "engine-v2-finished-before-round.json").read_text(encoding="utf-8"))
    saved = load((DATA / "save-v2-finished.json").read_text(encoding="utf-8"))
    assert dumped == saved == decode(TOKENS[1])
    assert dumped.is_over and dumped.edition == "first"
    assert len(dumped.history) == EXPECTED["finished"]["history_len"]
    assert scores(dumped) == EXPECTED["finished"]["scores"]


# -- links (layout 2) and saves made by the last build before layout 3 (commit 6fbb205; make_6fbb205.py) ------

OLD_LINKS = json.loads((DATA / "links-6fbb205.json").read_text(encoding="utf-8"))
OLD_EXPECTED = json.loads((DATA / "expected-6fbb205.json").read_text(encoding="utf-8"))
SHOWN = ("players", "nations", "investor", "swiss_banks", "round")


def _is(state, want: dict, notation: list[str]) -> None:
    """``state`` is the game ``want`` describes (its record in notation, everything public about it)."""
    assert [e[2] for e in history_log(state)] == notation
    assert (len(state.history), state.is_over, state.decision, state.current_player, state.active_nation) == (
        want["moves"], want["over"], want["decision"], want["player"], want["nation"])
    assert scores(state) == want["scores"] and state.version == want["version"]
    assert (state.origin is not None) == want["origin"]
    data = json.loads(state.model_dump_json())
    assert {k: data[k] for k in SHOWN} == want["state"]


@pytest.mark.parametrize("name", sorted(OLD_EXPECTED))
def test_links_and_saves_of_6fbb205_open_continue_and_re_encode(name):
    want = OLD_EXPECTED[name]
    saved = read_save((DATA / f"save-6fbb205-{name}.json").read_text(encoding="utf-8"))
    linked = decode_link(OLD_LINKS[name])
    assert linked.meta == {} and saved.meta == want["meta"] and len(saved.redo) == want["redo"]
    assert linked.state == saved.state
    _is(saved.state, want, want["notation"][: want["moves"]])
    state = saved.state
    # re-encoded in layout 3 (with the seats the save kept), it decodes to the same game
    seats = want["meta"].get("seats")
    again = decode_link(encode(state, seats=seats, by_link=True))
    assert again.state == state and again.meta == {"seats": seats or ["human"] * len(state.players), "by_link": True}
    assert read_save(save(state, meta=saved.meta, redo=saved.redo)).state == state
    # and it continues: its redo tail, or the next legal move
    if saved.redo:
        for i in saved.redo:
            state = apply_index(state, i)
        assert [e[2] for e in history_log(state)] == want["notation"]
    if not state.is_over:
        later = apply(state, legal_actions(state)[-1])
        assert decode(encode(later)) == later and load(save(later)) == later
    else:
        assert legal_actions(state) == []


# -- links of layout 3, as the first build that wrote them made them (make_layout3.py) ----------------------------

LAYOUT_3 = json.loads((DATA / "links-layout3.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("row", LAYOUT_3, ids=lambda r: f"{r['moves']}-moves")
def test_layout_3_tokens_replay_unchanged(row):
    linked = decode_link(row["token"])
    state = linked.state
    assert linked.meta == {"seats": row["seats"], **({"by_link": True} if row["by_link"] else {})}
    notation = "\n".join(e[2] for e in history_log(state))
    assert hashlib.sha256(notation.encode()).hexdigest() == row["notation_sha256"]
    _is(state, {**row, "nation": state.active_nation}, notation.split("\n") if notation else [])
    if LINK_LAYOUT == 3:  # the writer too, as long as it writes this layout
        assert encode(state, seats=row["seats"], by_link=row["by_link"]) == row["token"]


def test_the_layout_3_finished_game_is_the_6fbb205_one():
    finished = decode(LAYOUT_3[0]["token"])
    assert finished == decode(OLD_LINKS["finished"])
    assert [e[2] for e in history_log(finished)] == OLD_EXPECTED["finished"]["notation"]
