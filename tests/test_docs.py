"""The README stays a front door (at most 250 lines), and every relative link and image in it and in docs/
leads to a file that exists, and an ``#anchor`` to a heading of that file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
#: [text](target) and ![alt](target); a target ends at the first space (a title may follow)
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def anchors(path: Path) -> set[str]:
    """GitHub's anchors for the headings of a Markdown file: lower case, punctuation dropped, spaces to
    hyphens, a repeated heading numbered."""
    seen: dict[str, int] = {}
    out = set()
    for line in FENCE.sub("", path.read_text(encoding="utf-8")).splitlines():
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def links(path: Path) -> list[str]:
    return LINK.findall(FENCE.sub("", path.read_text(encoding="utf-8")))


def test_the_readme_is_at_most_250_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= 250, f"README.md has {lines} lines; move the detail to docs/"


def test_the_readme_keeps_the_two_commands_ci_runs() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 build.py serve" in text and "python3 build.py test" in text
    assert "python3 build.py test" in (ROOT / ".ci" / "run").read_text()


def test_the_link_finder_finds_links_images_and_anchors(tmp_path: Path) -> None:
    md = tmp_path / "a.md"
    md.write_text("# A title, here\n## Two `words`\n[x](b.md#two-words) ![y](img/c.png \"t\") "
                  "[z](https://example.org) [[n]](d.md)\n```\n[no](fenced.md)\n```\n")
    assert links(md) == ["b.md#two-words", "img/c.png", "https://example.org", "d.md"]
    assert anchors(md) == {"a-title-here", "two-words"}


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(doc: Path) -> None:
    broken = []
    for target in links(doc):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ... : not a file of the repository
            continue
        path, _, anchor = target.partition("#")
        dest = (doc.parent / path).resolve() if path else doc
        if not dest.exists():
            broken.append(f"{target}: no file {dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest}")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: no heading #{anchor} in {dest.name}")
    assert not broken, f"{doc.relative_to(ROOT)}: " + "; ".join(broken)


def test_every_document_in_docs_is_linked_from_the_readme() -> None:
    readme = {target.partition("#")[0] for target in links(ROOT / "README.md")}
    unlinked = [p.name for p in (ROOT / "docs").glob("*.md") if f"docs/{p.name}" not in readme]
    assert not unlinked, f"not linked from README.md: {unlinked}"
