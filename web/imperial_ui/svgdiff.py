"""Cheap map redraws: cut an SVG document into its top-level children (and the children of its groups), so
that only what changed since the last drawing is replaced in the page — a few pieces move, the coastlines
and the other pieces stay, and the browser repaints only where something changed.
"""

from __future__ import annotations

from difflib import SequenceMatcher


def _tags(text: str):
    """``(start, end, name, closing, selfclosing)`` of each tag, skipping comments, CDATA and prologs.

    Scans with ``str.find`` from ``<`` to ``>`` (a drawing has a few hundred tags but long path data), and
    keeps a ``>`` inside a quoted attribute value inside its tag."""
    pos = 0
    n = len(text)
    while True:
        i = text.find("<", pos)
        if i < 0 or i + 1 >= n:
            return
        if text.startswith("<!--", i):
            j = text.find("-->", i + 4)
            pos = n if j < 0 else j + 3
            continue
        if text.startswith("<![CDATA[", i):
            j = text.find("]]>", i + 9)
            pos = n if j < 0 else j + 3
            continue
        j = text.find(">", i + 1)
        while j >= 0 and (text.count('"', i, j) % 2 or text.count("'", i, j) % 2):
            j = text.find(">", j + 1)
        if j < 0:
            raise ValueError("unterminated tag")
        pos = j + 1
        c = text[i + 1]
        if c in "?!":
            continue
        closing = c == "/"
        k = i + 2 if closing else i + 1
        e = k
        while e < j and text[e] not in " \t\r\n/>":
            e += 1
        yield i, j + 1, text[k:e], closing, text[j - 1] == "/"


def split_svg(svg: str, root_name: str | None = "svg") -> tuple[str, list[str]] | None:
    """``(root open tag, [top-level child markup, ...])``, or ``None`` when the text is not one ``<svg>``
    (or, with ``root_name=None``, one element of any name).

    Text between top-level children (whitespace) is dropped; text inside children is kept as it is.
    """
    depth = 0
    root = ""
    children: list[str] = []
    start = -1
    closed = False
    try:
        for i, j, name, closing, selfclose in _tags(svg):
            if closed:
                return None
            if not closing:
                if depth == 0:
                    if (root_name is not None and name != root_name) or selfclose:
                        return None
                    root = svg[i:j]
                    depth = 1
                    continue
                if depth == 1:
                    start = i
                if selfclose:
                    if depth == 1:
                        children.append(svg[start:j])
                else:
                    depth += 1
            else:
                depth -= 1
                if depth == 1:
                    children.append(svg[start:j])
                elif depth == 0:
                    closed = True
                elif depth < 0:
                    return None
    except ValueError:
        return None
    if not closed:
        return None
    return root, children


def changed_children(old: tuple[str, list[str]] | None, new: tuple[str, list[str]] | None) -> list[int] | None:
    """Indexes of the top-level children to replace, or ``None`` when the whole drawing must be replaced."""
    if old is None or new is None or old[0] != new[0] or len(old[1]) != len(new[1]):
        return None
    return [i for i, (a, b) in enumerate(zip(old[1], new[1], strict=True)) if a != b]


def patches(old: tuple[str, list[str]] | None, new: tuple[str, list[str]] | None) -> list[list] | None:
    """What to replace in the page, as ``[path, i1, i2, [markup, ...]]``: within the element reached by
    ``path`` (indexes among element children, from the ``<svg>``), children ``i1..i2`` give way to the new
    markup. A changed top-level group with the same tag is patched inside (pieces added, moved or removed),
    anything else is replaced whole. ``None``: replace the whole drawing. Patches apply in list order."""
    changed = changed_children(old, new)
    if changed is None:
        return None
    assert old is not None and new is not None
    out: list[list] = []
    for i in changed:
        a, b = old[1][i], new[1][i]
        inner_a = split_svg(a, None) if a.startswith("<g") else None
        inner_b = split_svg(b, None) if b.startswith("<g") else None
        if inner_a is None or inner_b is None or inner_a[0] != inner_b[0]:
            out.append([[], i, i + 1, [b]])
            continue
        ops = SequenceMatcher(None, inner_a[1], inner_b[1], autojunk=False).get_opcodes()
        edits = [[[i], i1, i2, inner_b[1][j1:j2]] for tag, i1, i2, j1, j2 in ops if tag != "equal"]
        if sum(len(e[3]) for e in edits) > len(inner_b[1]) // 2:
            out.append([[], i, i + 1, [b]])
        else:
            out.extend(reversed(edits))  # from the end, so earlier indexes stay valid
    return out
