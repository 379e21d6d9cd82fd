"""Engine-format pin: tokens made by format 1 must keep decoding to the same games.

These tokens were produced by ``random_game`` when format 1 was released.  If a change to the rules
makes this test fail, the change alters how old links replay: bump ``ENGINE_VERSION`` (so old links are
refused with a clear message) rather than editing the expected values.
"""

from __future__ import annotations

import pytest
from imperial_core import ENGINE_VERSION, decode, scores

PINNED = [
    ('AQAAKgMDQWRhAkJvAkN5-gKBAQHlm9eVvS5vFFX48JMkLnT7REFyD3RhJaXh6us6KjEByjKcIlU6rs0upKHr9noFVP2gMLZQJ3Ke8VFlAK3ZCJm32EcVYPWAA8sawHu9mvcUUrsqrZqP2opz6ArOT1wQOZ_q_ITerqIL1x_4OTx8AZ1MRvWJqxfaI4GmU1EysYcZsiWfa7c',
     378, {'Ada': 30, 'Bo': 61, 'Cy': 70}, 'current', 'standard', True),
    ('AQACLAUDQWRhAkJvAkN5AkRpAkVk2AaYAgi3WyRBg28hKdeLVRXwHoD6YbBnMIl5z4DX9TTrNDuOYHRYX55l5tb7y0kYKl4GtaxWAjBSN4kc2C7SF2dJOD-NpXD5hfueWuOkf91kNynmezEwvyZrizKxQVriHnxSiMPLGBLbHr9sXMkdSYCZNN61Yynl2Rptmbj5nbRGSnG-Q3ge8BiInLIKrMlymXE_DZRatlafPdkz_Cgf9yHRE9nc754BYT3m9xojGE1KMutgNTc6kXvM7gCdsrjJR7a6WfNjeMFd3Vn_klfJjtlGqd9z1jsIsKZtfAM1wwawCF7QPogGhj2nrBZN7aBNvojshrgWqvYIEOEb-oomOULIJALCtHb4tSp8Sj3Ai4ebkBDdY5wInQwirKbQ--0A',
     856, {'Ada': 62, 'Bo': 71, 'Cy': 43, 'Di': 62, 'Ed': 55}, 'current', 'auction', True),
    ('AQAFLgQDQWRhAkJvAkN5AkRplQbqAQFpGFC0PfHNN5a8T3UebW8nFKyxKeFbpHaayCc-QpxX_Ob1QJVtcfLYUHWlCaS7Ay64z5E_WKLWkXQESUJ8eAkFBJZGsfTlKGOsr0M5MfJaxvWUHHcWWQjxubLDauAnGKNsI5wQyg0JkxEfOxJNaMWybdNrOmryto4jYxBl4GGJ1_k18mXKPluE0mYpm-hX3b2qL4bSWx5hVbaG_f01kYwHiVYTY3i4HOEwSASEgFpsjoUAUsInQt6ECwwnESQnknDUP0zCCd8NWnjseuSkq1PtQDmngA2n-B3Ivp0JgwO7tM3wb4nQWMHsbHqyIgM',
     789, {'Ada': 0, 'Bo': 40, 'Cy': 43, 'Di': 29}, 'first', 'standard', False),
]


@pytest.mark.skipif(ENGINE_VERSION != 1, reason="pins format 1 only")
@pytest.mark.parametrize("token,n_actions,final,edition,setup,investor_card", PINNED)
def test_format_1_tokens_replay_unchanged(token, n_actions, final, edition, setup, investor_card):
    s = decode(token)
    assert s.is_over
    assert len(s.history) == n_actions
    assert scores(s) == final
    assert (s.edition, s.setup, s.investor_card) == (edition, setup, investor_card)
