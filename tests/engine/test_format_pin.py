"""Engine-format pins: tokens of the current format keep decoding to the same games; older formats
are refused with a message that says so.

``PINNED`` tokens were produced by ``imperial_core.randomplay.random_game`` when format 2 was released.
If a change to the rules makes ``test_format_2_tokens_replay_unchanged`` fail, the change alters how
links replay: bump ``ENGINE_VERSION`` (old links are then refused with a clear message, see
``docs/rules-decisions.md`` decision 32) and pin the new format, rather than editing the expected values.
"""

from __future__ import annotations

import pytest
from imperial_core import ENGINE_VERSION, BadToken, decode, load, scores

#: Format 1 (before the rules audit of decisions 4, 7, 14, 15 and 22): refused, never replayed by other rules.
FORMAT_1 = [
    ('AQAAKgMDQWRhAkJvAkN5gwXVAQbcV82TQ5BiLsX54OGVQotlByEc4e69pgnXR6hx4KAvqicdJScLRa01rU-j0mGSCtxM1cdY1O6X2QSvdkCC8spm-38I3pEKyDQNmXZSCCqqKVpwwckOl64rGtVeYwGKre02QORQlxXVMpbsyqk5EyyRM5oVzZbG31vzi8ZLWbH9KmA_5BPlwKHMwTtSTOlhCdL6LqhwtoUBxoZ43La1FvPVRH5efw1afWivZt0axqlHX3l5PMPvhVy8uLK4VI9AVROcHmK6pLN1YC6sXyLyU1EysYcZsgvltlA',
     643, {'Ada': 112, 'Bo': 130, 'Cy': 69}, 'current', 'standard', True),
    ('AQACLAUDQWRhAkJvAkN5AkRpAkVkzwaLAgHF4U-nuKXhQ_5uU7bfxwwQ96EWwd5KiZDfnbGzcx1G4YLIQevhfj6PAoWR0g46DhabVHxI99j8qNy2ejr5h2rSaYn5GruNiYdRUBvK3xlqjVSnXkK_rCGhglgGsrh_DyA1P6b3OhU3rdTTwt5DXuCJ8olSkzUVm_IZXm_MUcOAXS7vpMTzVrcjPH7sdmkO4rcAsvSzAkmP8yQdIRf5wtx91ETHQmioT3mcIR-Rf4N3TIzwYvnMijrGlKAZW1yvrkEn9CDK_aT2fj2khrWoEynZIT1dti-EAv3L_LKmqIBnB72p9JKQKhgvzu6fqXkx8FC6B4_ePjzs6yxKPcCLh5uQEN1jnAidDCKsprbkOO0',
     847, {'Ada': 36, 'Bo': 22, 'Cy': 28, 'Di': 74, 'Ed': 30}, 'current', 'auction', True),
    ('AQAFLgQDQWRhAkJvAkN5AkRp-QaQAhH-67wDDrGcJKBFlkx9WxRe81pBUAWS-lxxwZYI22mTaaX9i-8RTS6wLwUWv_UQSHrRpYnOaQNngGN0yRVvaxXSd3mMfeBA2iPX4zZCA3e3yi7-u-ngDYc6sw9dr74qJKhc3x7PXpZFun-3gSbAhBiprcDdrvWM6T57yGP72cSfij6AbpaOYzSS4s2XXDH0llql81F8Bew_QH21MfMowfZxHZ0XHuzFpvWOO1wvJxyEdbBKhk9_lRytfAA2VSPfEIhBJ9ThTnZqwJ8nw5FNM5Rgo0dPN53Mcvi_QCWJ3sgLeuovk4yLShrUAkMherLgXiqsh_V9QL3DMAhuw9mTwBHjg_DoIor_P44_idBYwexsTYZ-aQ',
     889, {'Ada': 53, 'Bo': 28, 'Cy': 100, 'Di': 39}, 'first', 'standard', False),]

PINNED = [
    ('AgAAVAMDQWRhAkJvAkN50QTCAQMT6KQw_hAH9SapGfi7EYTacnn2w9M2mDHOKWZFrA3NT4ZwHZYoJiCYN-v5tPlcDoug9RwAVYLDO_yP3UiWgJCHO217QX3lCOuaoWtGCEHvZ9ik-Hu-UHT-Vd1B8TBMJg4Oi7XU7IlMwR1Iov18qRYb-7D52Fk89Z5YBapQY5PLUvs-iBUEs1rnTbBliNyo-SIoxFg52hrPtVMJ4f-sjGlTq689MTIjh-7yrkxKVJGlcVGyM-kYz1aAtjKrt-E1ziuB7o7gmQ',
     593, {'Ada': 71, 'Bo': 52, 'Cy': 88}, 'current', 'standard', True),
    ('AgACWAUDQWRhAkJvAkN5AkRpAkVkmQb8ARVsOBxJTYb6zcQp9Pl8jvdU4eM1ybkVTAaZNwh2MzTMOBWHuhG71f7XkgcfVQcE3kNoCkeMFZOdOoDAb1sZ018pwyyEkxuaBMHDxA8KuSjgC4JYXm42T8K16hvecyT1fRbLqsqWZs2q1QYh9HS2kmZ1b2KzIIungQNpmro0h4l6Z4TEcM7IHhNLhDrvEC5jNbyG3OsNy6tNkx0qHVKrFmO-gC2nXElFrQ6phAsXw4bwEXkoQeOFrjBcMT2o3h0CLL5OvCV1_oV2hioqNrpqdar1dtlySvW_BXHTPbVlOmHKZNpTzvNATT-1A1JQ5DHFlxi5AkZ4ZhZKDdQNeVe6AkM',
     793, {'Ada': 85, 'Bo': 52, 'Cy': 97, 'Di': 96, 'Ed': 115}, 'current', 'auction', True),
    ('AgAFXAQDQWRhAkJvAkN5AkRp2AXPAX15lDMcLDzAsxiOJhw79CZk0k2BGDiCbLIXzpVYrOz6mc3IFKNkxCNWags5O5gv7rmTGBs1vBoAzGjy5t9JgJ7xbbfrW73J0PW3dhx5CHCVsVDsKHBTYYouvKBCDFYBZUcLgZ57yvhJPx4qRe7YpBWzaRKAExFy2O7Lhp4hcoGEjwoLmLODg9EkdJf3HAXmqR5_4EIrjwBm7gJ6AFZDcAjdEcclRQrCpqOyWxNEWWsxM3cuL2SWId5luC9k2eb5U3xqkS96gWuupOYSc8gSMR1c3T0',
     728, {'Ada': 19, 'Bo': 42, 'Cy': 37, 'Di': 31}, 'first', 'standard', False),
    ('AgADYAYDQWRhAkJvAkN5AkRpAkVkA0Zsb5MEowEBpsugNRP4LK9B3br5_fTXBbH85SbwCkHTfv6Oeojd9krMHo3fljLpOnFy62-es-16JRINJykCbTm0kQMf_tlkn5rZJhdOVxSRiAg3T5qcLEvwe9-0ovo763kAYMl4mOrOrSWbLpy-z_sI41A-5O-tQO5t2-0ZOXvqT12JFDu-UlN1dSy-fLrSJ152pr4DSH6L8qsB3mOOv8EN9ct_P6yt2nDWYeq8Pg',
     531, {'Ada': 7, 'Bo': 43, 'Cy': 23, 'Di': 64, 'Ed': 30, 'Flo': 29}, 'first', 'auction', True),
]


@pytest.mark.skipif(ENGINE_VERSION != 2, reason="pins format 2 only")
@pytest.mark.parametrize("token,n_actions,final,edition,setup,investor_card", PINNED)
def test_format_2_tokens_replay_unchanged(token, n_actions, final, edition, setup, investor_card):
    s = decode(token)
    assert s.is_over
    assert len(s.history) == n_actions
    assert scores(s) == final
    assert (s.edition, s.setup, s.investor_card) == (edition, setup, investor_card)


@pytest.mark.parametrize("row", FORMAT_1)
def test_format_1_tokens_are_refused_with_a_clear_message(row):
    with pytest.raises(BadToken, match=f"engine format 1; this engine reads format {ENGINE_VERSION}"):
        decode(row[0])
    with pytest.raises(BadToken, match="engine format 1"):
        load(row[0])
