"""Engine-format pin: tokens made by format 1 must keep decoding to the same games.

These tokens were produced by ``random_game`` when format 1 was released.  If a change to the rules
makes this test fail, the change alters how old links replay: bump ``ENGINE_VERSION`` (so old links are
refused with a clear message) rather than editing the expected values.
"""

from __future__ import annotations

import pytest
from imperial_core import ENGINE_VERSION, decode, scores

PINNED = [
    ('AQAAKgMDQWRhAkJvAkN5gwXVAQbcV82TQ5BiLsX54OGVQotlByEc4e69pgnXR6hx4KAvqicdJScLRa01rU-j0mGSCtxM1cdY1O6X2QSvdkCC8spm-38I3pEKyDQNmXZSCCqqKVpwwckOl64rGtVeYwGKre02QORQlxXVMpbsyqk5EyyRM5oVzZbG31vzi8ZLWbH9KmA_5BPlwKHMwTtSTOlhCdL6LqhwtoUBxoZ43La1FvPVRH5efw1afWivZt0axqlHX3l5PMPvhVy8uLK4VI9AVROcHmK6pLN1YC6sXyLyU1EysYcZsgvltlA',
     643, {'Ada': 112, 'Bo': 130, 'Cy': 69}, 'current', 'standard', True),
    ('AQACLAUDQWRhAkJvAkN5AkRpAkVkzwaLAgHF4U-nuKXhQ_5uU7bfxwwQ96EWwd5KiZDfnbGzcx1G4YLIQevhfj6PAoWR0g46DhabVHxI99j8qNy2ejr5h2rSaYn5GruNiYdRUBvK3xlqjVSnXkK_rCGhglgGsrh_DyA1P6b3OhU3rdTTwt5DXuCJ8olSkzUVm_IZXm_MUcOAXS7vpMTzVrcjPH7sdmkO4rcAsvSzAkmP8yQdIRf5wtx91ETHQmioT3mcIR-Rf4N3TIzwYvnMijrGlKAZW1yvrkEn9CDK_aT2fj2khrWoEynZIT1dti-EAv3L_LKmqIBnB72p9JKQKhgvzu6fqXkx8FC6B4_ePjzs6yxKPcCLh5uQEN1jnAidDCKsprbkOO0',
     847, {'Ada': 36, 'Bo': 22, 'Cy': 28, 'Di': 74, 'Ed': 30}, 'current', 'auction', True),
    ('AQAFLgQDQWRhAkJvAkN5AkRp-QaQAhH-67wDDrGcJKBFlkx9WxRe81pBUAWS-lxxwZYI22mTaaX9i-8RTS6wLwUWv_UQSHrRpYnOaQNngGN0yRVvaxXSd3mMfeBA2iPX4zZCA3e3yi7-u-ngDYc6sw9dr74qJKhc3x7PXpZFun-3gSbAhBiprcDdrvWM6T57yGP72cSfij6AbpaOYzSS4s2XXDH0llql81F8Bew_QH21MfMowfZxHZ0XHuzFpvWOO1wvJxyEdbBKhk9_lRytfAA2VSPfEIhBJ9ThTnZqwJ8nw5FNM5Rgo0dPN53Mcvi_QCWJ3sgLeuovk4yLShrUAkMherLgXiqsh_V9QL3DMAhuw9mTwBHjg_DoIor_P44_idBYwexsTYZ-aQ',
     889, {'Ada': 53, 'Bo': 28, 'Cy': 100, 'Di': 39}, 'first', 'standard', False),
]


@pytest.mark.skipif(ENGINE_VERSION != 1, reason="pins format 1 only")
@pytest.mark.parametrize("token,n_actions,final,edition,setup,investor_card", PINNED)
def test_format_1_tokens_replay_unchanged(token, n_actions, final, edition, setup, investor_card):
    s = decode(token)
    assert s.is_over
    assert len(s.history) == n_actions
    assert scores(s) == final
    assert (s.edition, s.setup, s.investor_card) == (edition, setup, investor_card)
