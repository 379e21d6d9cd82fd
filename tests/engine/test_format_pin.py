"""Engine-format pin: tokens made by format 1 must keep decoding to the same games.

These tokens were produced by ``random_game`` when format 1 was released.  If a change to the rules
makes this test fail, the change alters how old links replay: bump ``ENGINE_VERSION`` (so old links are
refused with a clear message) rather than editing the expected values.
"""

from __future__ import annotations

import pytest
from imperial_core import ENGINE_VERSION, decode, scores

PINNED = [
    ('AQAAKgMDQWRhAkJvAkN57gfQAgNHfiEw03M8DU_hSvytIfiDcJcaXTID0ZzLAnDMdeolvUCO6CWZLt1zYu8OMg9s9BKqzpVxsROQhrAsztHDHjpxX_j6m6M2MKaZ6ox1gvte8gL-2fchs598qcfaCSBkSXNMgn5Imo2M-woxEBND_F7Eu-Zh2C7H8Rii-f1V-Pwbcl1oSYAvSrT6Fuv9qOxksGb0WiCUuGG8kIbRnaAsXTJQhHQfz7HZcUoIsO8fbWTUYdfo1bSiC6xvZmnQpD0IOB7A_ddzOkSwu5-SM54LxVPAMhnWe9g3gYb8PBDGsIxNa2nwH1d_igM3lSqmN58iZfTDS1SvecJcupFT_wN_7YmpO52Ih5Jz_sE92fymGo8GYTfeodAx7Xc_x2PtHOhIWUbDjyF8OuiWQUnXycPdpuua_kOu-8XbYuDtrNnglHcpzB3QTApIgZOEc1EysYcZshmVvl0',
     1006, {'Ada': 118, 'Bo': 108, 'Cy': 74}, 'current', 'standard', True),
    ('AQACLAUDQWRhAkJvAkN5AkRpAkVkkQb-AQeWUX-nn9LHf-IEM9PDnQXwQqVoXRTbvEYd7655UC_sVrnBc4NMZuyh7gyG1wZbdqC7y7YEoet4Lm_fBnhpUA6lpU6ClisRby_u5KKjrIGcExIZqax0S-v_neLmsnm7OdB80JKb4g3Wjd7rvILIvor_-Mp1aqxCiZyMZIJHmm7f-cnocurcmDRyZ59-Cmpski216FkIwowk9vsAR4L68HceZ-v5OANqnN8bfeWjwzkcS2oX7Dfhqnv3vLpk9_756nsi8m0oizIlFYZ67YnSFD5yAIXZQY5st1v432bncjvjSobgVKhZ4QXBUTFTiSPUww6nG5AQ3WOcCJ0MIqymR7bbjg',
     785, {'Ada': 56, 'Bo': 29, 'Cy': 32, 'Di': 61, 'Ed': 69}, 'current', 'auction', True),
    ('AQAFLgQDQWRhAkJvAkN5AkRptQXZAd44t0YtzaAQjZIFsoknuDRcHgrUEV1BXRNku4CfpoOVYkrq6JB_7Zgwp2aXAuDT9cDRboYFACwblav_yGa8gQoduxBUcw_OYlY4k8wGBjse6WUAxGSqhYw_9Wfy4f_Xo6jNA-4OdoNoPH9Ju5PwT0QS_mbMGodeLDK_eV4JgiI9EwZ6MlGBavlhg5pivqcTGjCNi4YOD_7AnE1RSNBkOVDpjqTIp9ts3_zER5KNxIriEmcfUspUHUq46xFbsKocZAzcqhzJF7rPBrv86hxYy36RcG-J0FjB7GxAX5Df',
     693, {'Ada': 21, 'Bo': 8, 'Cy': 50, 'Di': 52}, 'first', 'standard', False),
]


@pytest.mark.skipif(ENGINE_VERSION != 1, reason="pins format 1 only")
@pytest.mark.parametrize("token,n_actions,final,edition,setup,investor_card", PINNED)
def test_format_1_tokens_replay_unchanged(token, n_actions, final, edition, setup, investor_card):
    s = decode(token)
    assert s.is_over
    assert len(s.history) == n_actions
    assert scores(s) == final
    assert (s.edition, s.setup, s.investor_card) == (edition, setup, investor_card)
