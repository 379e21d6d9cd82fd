"""Cheap map redraws: cut an SVG document into its top-level children, so that only the children that
changed since the last drawing are replaced in the page (a layer of units changes, the coastlines do not).
"""

from __future__ import annotations

import re

# comments, CDATA, processing instructions / doctype, and tags (with quoted attribute values)
_TOKEN = re.compile(r"""<!--.*?-->|<!\[CDATA\[.*?\]\]>|<[?!][^>]*>|<(/?)([A-Za-z_][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(/?)>""",
                    re.S)


def split_svg(svg: str, root_name: str | None = "svg") -> tuple[str, list[str]] | None:
    """``(root open tag, [top-level child markup, ...])``, or ``None`` when the text is not one ``<svg>``
    (or, with ``root_name=None``, one element of any name with only elements in it).

    Text between top-level children (whitespace) is dropped; text inside children is kept as it is.
    """
    depth = 0
    root = ""
    children: list[str] = []
    start = -1
    closed = False
    for m in _TOKEN.finditer(svg):
        closing, name, _attrs, selfclose = m.group(1), m.group(2), m.group(3), m.group(4)
        if name is None:  # comment, CDATA, prolog
            continue
        if closed:
            return None
        if not closing:
            if depth == 0:
                if (root_name is not None and name != root_name) or selfclose:
                    return None
                root = m.group(0)
                depth = 1
                continue
            if depth == 1:
                start = m.start()
            if selfclose:
                if depth == 1:
                    children.append(svg[start:m.end()])
            else:
                depth += 1
        else:
            depth -= 1
            if depth == 1:
                children.append(svg[start:m.end()])
            elif depth == 0:
                closed = True
            elif depth < 0:
                return None
    if not closed:
        return None
    return root, children


def patches(old: tuple[str, list[str]] | None, new: tuple[str, list[str]] | None) -> list[list] | None:
    """What to replace in the page: ``[[i], markup]`` for a top-level child, ``[[i, j], markup]`` for a
    child of a top-level group whose own tag and number of children stayed the same (one region whose
    tooltip changed, not the whole layer of regions). ``None``: replace the whole drawing."""
    changed = changed_children(old, new)
    if changed is None:
        return None
    assert old is not None and new is not None
    out: list[list] = []
    for i in changed:
        a, b = old[1][i], new[1][i]
        inner_a = split_svg(a, None) if a.startswith("<g") else None
        inner_b = split_svg(b, None) if b.startswith("<g") else None
        sub = changed_children(inner_a, inner_b)
        if sub is None or inner_b is None or len(sub) > len(inner_b[1]) // 2:
            out.append([[i], b])
        else:
            out.extend([[i, j], inner_b[1][j]] for j in sub)
    return out


def changed_children(old: tuple[str, list[str]] | None, new: tuple[str, list[str]] | None) -> list[int] | None:
    """Indexes of the top-level children to replace, or ``None`` when the whole drawing must be replaced."""
    if old is None or new is None or old[0] != new[0] or len(old[1]) != len(new[1]):
        return None
    return [i for i, (a, b) in enumerate(zip(old[1], new[1], strict=True)) if a != b]
