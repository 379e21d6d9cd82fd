"""Seeded random damage to saves and links, for the fuzz tests of the page (CPython and in the browser).

A damaged save comes from text edits (characters changed, cut, doubled, stray brackets, quotes and
backslashes, truncation) or from edits to its JSON (a value replaced by a list, an object, deep nesting, a
huge number, another type; a move renamed; a version raised).  A damaged link comes from edits to the token's
characters, or from edits to its bytes with the checksum made right again, so that the reader gets past
the checksum and meets a wrong version, board, flag, name or record.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from typing import Any

_FRAGMENTS = ['"', "\\", "\\\"", "{", "}", "[", "]", ",", ":", "null", "1e999", "-0", "9" * 40, "[" * 40,
              "{\"a\":" * 40, "\ufeff", "\u0000", "\ud800", "é", "😀", " ", "\n", "NaN", "true", '"\\u0000"']


def _text_edit(rng: random.Random, text: str) -> str:
    n = len(text)
    op = rng.randrange(8)
    i = rng.randrange(n + 1)
    j = min(n, i + rng.randrange(1, 40))
    if op == 0:
        return text[:i] + chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)])) + text[i + 1:]
    if op == 1:
        return text[:i] + text[j:]
    if op == 2:
        return text[:j] + text[i:j] + text[j:]
    if op == 3:
        return text[:i] + rng.choice(_FRAGMENTS) * rng.choice([1, 1, 2, 50]) + text[i:]
    if op == 4:
        return text[: rng.randrange(n + 1)]
    if op == 5:
        k = rng.randrange(n + 1)
        return text[k:] + text[:k]
    if op == 6:
        return text.replace(rng.choice(['"', ",", ":", "[", "]", "{", "}", " "]), rng.choice(["", "'", ";", "\\"]), 1)
    return text[:i] + "".join(rng.choice('"\\') for _ in range(rng.randrange(1, 3000))) + text[i:]


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for k, v in enumerate(value[:30]):
            out += _paths(v, (*path, k))
    return out


def _nest(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def _json_edit(rng: random.Random, data: Any) -> Any:
    paths = [p for p in _paths(data) if p]
    if not paths:
        return data
    path = rng.choice(paths)
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    old = parent[key]
    choices: list[Any] = [
        [old], {"x": old}, None, True, 0, -1, 2**70, 1.5, 1e300, "", "x" * rng.choice([1, 30, 5000]),
        _nest(rng.choice([5, 31, 40, 200])), [old, old], {}, [], str(old),
    ]
    if isinstance(old, int) and not isinstance(old, bool):
        choices += [old + 1, old - 1, old * 1000, -old]
    if isinstance(old, str):
        choices += [old.upper(), old[:-1], old + " ", "rondel factory", "factory atlantis", "\u0000" + old]
    if isinstance(old, list) and old:
        choices += [old[:-1], old[1:], old + old[-1:], list(reversed(old))]
    replacement = rng.choice(choices)
    if rng.random() < 0.1 and isinstance(parent, dict):
        del parent[key]
    elif rng.random() < 0.1 and isinstance(parent, dict):
        parent["extra" + str(rng.randrange(9))] = replacement
    else:
        parent[key] = replacement
    return data


def mutate_save(rng: random.Random, text: str) -> str:
    """One damaged (or, by chance, still good) version of a save's text."""
    if rng.random() < 0.45:
        data = json.loads(text)
        for _ in range(rng.randrange(1, 3)):
            data = _json_edit(rng, data)
        try:
            out = json.dumps(data, ensure_ascii=rng.random() < 0.5)
        except (TypeError, ValueError):
            out = text
        if rng.random() < 0.3:
            out = _text_edit(rng, out)
        return out
    out = text
    for _ in range(rng.randrange(1, 4)):
        out = _text_edit(rng, out)
    return out


def recrc(raw: bytes) -> bytes:
    """Bytes of a token with its CRC-32 made right again (the last 4 bytes)."""
    body = raw[:-4]
    return body + zlib.crc32(body).to_bytes(4, "big")


def token_bytes(token: str) -> bytes:
    return base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))


def token_of(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def mutate_link(rng: random.Random, token: str) -> str:
    """One damaged (or, by chance, still good) link: ``#g=`` and a token, sometimes in a whole URL."""
    op = rng.randrange(10)
    t = token
    if op < 4:  # the bytes, behind a right checksum
        raw = bytearray(token_bytes(token))
        for _ in range(rng.randrange(1, 3)):
            k = rng.randrange(max(1, len(raw) - 4))
            how = rng.randrange(4)
            if how == 0:
                raw[k] = rng.randrange(256)
            elif how == 1:
                raw[k] ^= 1 << rng.randrange(8)
            elif how == 2:
                del raw[k]
            else:
                raw.insert(k, rng.randrange(256))
        t = token_of(recrc(bytes(raw)))
    elif op < 8:  # the characters
        chars = list(t)
        for _ in range(rng.randrange(1, 4)):
            k = rng.randrange(len(chars))
            how = rng.randrange(4)
            if how == 0:
                chars[k] = rng.choice("ABCxyz019-_=+/.%# é")
            elif how == 1:
                del chars[k]
            elif how == 2:
                chars.insert(k, rng.choice("Aa0-_"))
            else:
                chars = chars[: rng.randrange(len(chars) + 1)]
            if not chars:
                break
        t = "".join(chars)
    elif op == 8:
        t = t + rng.choice(["", "&x=1", "&", "#g=" + t, " ", "%20"])
    else:
        t = rng.choice(["", "A", "AAAA", "=" * 5, t * 2, t[: len(t) // 2], "g=" + t])
    prefix = rng.choice(["#g=", "#g=", "#g=", "#g= ", "#g=#g="])
    return prefix + t
