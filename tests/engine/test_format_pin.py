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

#: Format 1 (before the rules audit of decisions 7, 14, 15 and 22): refused, never replayed by other rules.
FORMAT_1 = [
    ('AQAAKgMDQWRhAkJvAkN5gwXVAQbcV82TQ5BiLsX54OGVQotlByEc4e69pgnXR6hx4KAvqicdJScLRa01rU-j0mGSCtxM1cdY1O6X2QSvdkCC8spm-38I3pEKyDQNmXZSCCqqKVpwwckOl64rGtVeYwGKre02QORQlxXVMpbsyqk5EyyRM5oVzZbG31vzi8ZLWbH9KmA_5BPlwKHMwTtSTOlhCdL6LqhwtoUBxoZ43La1FvPVRH5efw1afWivZt0axqlHX3l5PMPvhVy8uLK4VI9AVROcHmK6pLN1YC6sXyLyU1EysYcZsgvltlA',
     643, {'Ada': 112, 'Bo': 130, 'Cy': 69}, 'current', 'standard', True),
    ('AQACLAUDQWRhAkJvAkN5AkRpAkVkzwaLAgHF4U-nuKXhQ_5uU7bfxwwQ96EWwd5KiZDfnbGzcx1G4YLIQevhfj6PAoWR0g46DhabVHxI99j8qNy2ejr5h2rSaYn5GruNiYdRUBvK3xlqjVSnXkK_rCGhglgGsrh_DyA1P6b3OhU3rdTTwt5DXuCJ8olSkzUVm_IZXm_MUcOAXS7vpMTzVrcjPH7sdmkO4rcAsvSzAkmP8yQdIRf5wtx91ETHQmioT3mcIR-Rf4N3TIzwYvnMijrGlKAZW1yvrkEn9CDK_aT2fj2khrWoEynZIT1dti-EAv3L_LKmqIBnB72p9JKQKhgvzu6fqXkx8FC6B4_ePjzs6yxKPcCLh5uQEN1jnAidDCKsprbkOO0',
     847, {'Ada': 36, 'Bo': 22, 'Cy': 28, 'Di': 74, 'Ed': 30}, 'current', 'auction', True),
    ('AQAFLgQDQWRhAkJvAkN5AkRp-QaQAhH-67wDDrGcJKBFlkx9WxRe81pBUAWS-lxxwZYI22mTaaX9i-8RTS6wLwUWv_UQSHrRpYnOaQNngGN0yRVvaxXSd3mMfeBA2iPX4zZCA3e3yi7-u-ngDYc6sw9dr74qJKhc3x7PXpZFun-3gSbAhBiprcDdrvWM6T57yGP72cSfij6AbpaOYzSS4s2XXDH0llql81F8Bew_QH21MfMowfZxHZ0XHuzFpvWOO1wvJxyEdbBKhk9_lRytfAA2VSPfEIhBJ9ThTnZqwJ8nw5FNM5Rgo0dPN53Mcvi_QCWJ3sgLeuovk4yLShrUAkMherLgXiqsh_V9QL3DMAhuw9mTwBHjg_DoIor_P44_idBYwexsTYZ-aQ',
     889, {'Ada': 53, 'Bo': 28, 'Cy': 100, 'Di': 39}, 'first', 'standard', False),]

PINNED = [
    ('AgAAVAMDQWRhAkJvAkN5ngS2AQE4SvZlPlLPerRzHC26kAdwNvhs66DZXLGW7YoU4g8qeO1utW8PmWJS29GgR1oNxSIB3lug-WUZQMxg5j1tKuXi7MEhpg2wgR0vFgae69p2exEno2aY_4wKicFFIjJJCsoeVjmhjR8NLDkkutrKpaOZB3OQ01Uby25HvT0RWaSHNmQURUJtK2hDplvjTUc2aVbyuqAymjOG48YaEYYHxwO4sSKRET7qWg9NjOeYtjKrt-E1ziuBLamQpg',
     542, {'Ada': 106, 'Bo': 36, 'Cy': 51}, 'current', 'standard', True),
    ('AgACWAUDQWRhAkJvAkN5AkRpAkVk2AfEApZ_nk0_mIBBvTre48b637A4erNmN6UawaSIkXajqWM7in4z41ZAkCoUmKjTvuZMYRC-76JkEc_xAQfM1t3aaPJfSnFxzkI-WTCV0ghbyYOVabvmoykjlYEL23JhHsN0o_Pwf3Nhg1s3hC2v2JlExwQ6_Kn37RqKs3RBNmPDMCHL0Z0jAAl8zU7BZjkeE14l8pU4RpjtXWudsA6Z2GdA_-hXGRgO-vutET9P_UfQc3WiJwpkibcq8ozPqDTFsoZLE67A0tRq4sReqE1hRNMYk_LjT2wmGpDjmPCioDKqh4gcNUyYGSqIZKcCP5n0xswkE1QUvnpSBk-6ZMz7lAujTmfZwCBpWrWaKtGlxxzSusET6zeE1MgTVbinll-Ly_hsxo-0JwZBINor3Rg3wSUauZkLc9eVaggd5BOelbA4kRZKDdQNeZBZmDA',
     984, {'Ada': 50, 'Bo': 80, 'Cy': 110, 'Di': 97, 'Ed': 93}, 'current', 'auction', True),
    ('AgAFXAQDQWRhAkJvAkN5AkRppAXLAQEw1GQNYWMBit5ncKXFHtY448LMhnCR9KGoLmwrG0UiiflwFVZZD0yMkwo85OuKjyKEvWYXzY-x1BbltuhRD0iZ981bpD9sXv09LyY1T20IBe2KYql22jLiIbHwu7uph93Z4-bFpcyvn7xx54HfSEYVdXcYgc6uTKjk9B-bzIw7BFZVn4iFHiaGqeRFzv1Da--G09g40sZ-e1BxatEVPaMUyJDHD20dEHVJBHSXbIdonoX8QaVgF6bOutkk6W6gxC6Ba66k5hJzyBIx33R_WA',
     676, {'Ada': 5, 'Bo': 9, 'Cy': 61, 'Di': 34}, 'first', 'standard', False),
    ('AgADYAYDQWRhAkJvAkN5AkRpAkVkA0Zsb9sGiwIHEIehP_gaa8MGBOAznlAgpXvoP2wefv-hTbi86AgVmH15aj6H4ArCUiG7pVcU508vcTICLU4DpaJaZxLaPgAyGua67vulwTG4SiszXkmOKVwMTiAzLFpShGi2Eerqk7pR1ms55pvU0zFQcEC5sTONUHAMa-Xz5jUejJGpgqa3Uq6XT3G4AVKRwFz0LZ5zAAZTRqaMWeOefpFgiMe7OzUPq5py4p0wdBoVufGDmIEnxXjikg9xf1Mwtk7GmQt0rG0RioLK0dluRbgccW-cpaGPLyuH3giQvw7x-z7TlDyOhvjkcvp2tFUz5nz31fZ8utInXnamvgNIfovyqwHeY46_wQ31y38_rK3acNY3NMiR',
     859, {'Ada': 64, 'Bo': 132, 'Cy': 72, 'Di': 61, 'Ed': 65, 'Flo': 63}, 'first', 'auction', True),
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
