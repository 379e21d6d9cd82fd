"""Colours, letters, patterns and the stylesheet shared by all drawings.

Nation colours follow the pieces' colour names (yellow, green, blue, red, black, purple)
but use the Okabe-Ito colour-blind-safe palette; every nation also has a letter on its
pieces and its own hatching pattern on its home provinces, so colour is never the only cue.
"""

from __future__ import annotations

from collections.abc import Iterable

#: colour name -> (piece colour, province tint, pattern ink, letter ink on the piece)
COLOURS: dict[str, tuple[str, str, str, str]] = {
    "yellow": ("#F0E442", "#F3EAB4", "#E2D47E", "#3A3300"),
    "green": ("#009E73", "#C8E5D6", "#9CCCB5", "#FFFFFF"),
    "blue": ("#0072B2", "#CAD8EE", "#A5BCE0", "#FFFFFF"),
    "red": ("#D55E00", "#F2D2BE", "#E4B08E", "#FFFFFF"),
    "black": ("#2A2A2A", "#D3D0CB", "#B3AFA8", "#FFFFFF"),
    "purple": ("#CC79A7", "#EDD5E3", "#D9AFC8", "#FFFFFF"),
}

#: pattern drawn on home provinces, by colour name: (kind, angle)
PATTERNS: dict[str, tuple[str, int]] = {
    "yellow": ("lines", 45),
    "green": ("dots", 0),
    "blue": ("lines", 0),
    "red": ("cross", 45),
    "black": ("lines", 90),
    "purple": ("lines", -45),
}

#: letter printed on a nation's pieces (the first letter of its id unless listed here)
LETTERS: dict[str, str] = {"GB": "B"}

#: how pieces are laid out, in fractions of the board's ``piece_size`` (geometry data): factory size, the
#: distance between pieces in a stack and between its rows, pieces per row, the count badge's radius, font
#: size and offset from the piece's centre, and the gap kept from a region's name and from the harbour anchor
PIECE_LAYOUT: dict[str, float] = {
    "factory": 0.8, "step": 0.94, "row": 0.8, "per_row": 3,
    "badge": 0.3, "badge_font": 0.46, "badge_dx": 0.4, "badge_dy": -0.34, "gap": 0.06,
}

SEA = "#B9D5E2"
LAND = "#EFE7D3"
PLAIN = "#E2DED4"
POLAR = "#F5F7F8"
FONT = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"
SERIF = "'DejaVu Serif', Georgia, 'Times New Roman', serif"


def letter(nation_id: str) -> str:
    """The letter shown on a nation's pieces."""
    return LETTERS.get(nation_id, nation_id[0])


def stylesheet(nations: list[dict], label_size: float) -> str:
    """CSS for a board drawing; the page may override any rule by class."""
    rules = [
        f".board{{font-family:{FONT}}}",
        f".water,.sea{{fill:{SEA}}}",
        f".lake{{fill:{SEA}}}",
        ".feature{fill:#C9DCE5}",
        f".neutral{{fill:{LAND}}}",
        f".plain{{fill:{PLAIN}}}",
        f".polar{{fill:{POLAR}}}",
        ".impassable{fill:url(#pat-swiss)}",
        ".region{fill-rule:evenodd}",
        ".region:hover{filter:brightness(1.06)}",
        ".coast-halo{fill:none;stroke:#E4F0F5;stroke-width:5;stroke-linejoin:round;opacity:.8}",
        ".coast{fill:none;stroke:#5E7F8E;stroke-width:.9;stroke-linejoin:round}",
        ".national{fill:none;stroke:#7A6A55;stroke-width:1.1;stroke-linejoin:round}",
        ".province{fill:none;stroke:#8E8474;stroke-width:.6;stroke-dasharray:2.5 1.5}",
        ".sea-border{fill:none;stroke:#F4FAFC;stroke-width:1.3;stroke-dasharray:5 3;opacity:.95}",
        ".ice{fill:none;stroke:#9DB5C0;stroke-width:.6}",
        f".label{{font-size:{label_size}px;fill:#3B3428;text-anchor:middle;pointer-events:none;"
        "paint-order:stroke;stroke:#FBF8F0;stroke-width:2.4px;stroke-linejoin:round}",
        f".label.sea-label{{font-family:{SERIF};font-style:italic;fill:#2F5566;stroke:#D8E8EF;letter-spacing:.4px}}",
        ".label.home-label{font-weight:bold}",
        # Switzerland is a region's name: as large as the others; a feature (no region) a little smaller
        ".label.impassable-label{fill:#6B6B6B}",
        f".label.feature-label{{fill:#6B6B6B;font-size:{label_size * 0.85:.1f}px}}",
        ".piece-letter{font-weight:bold;text-anchor:middle;pointer-events:none}",
        # the count's size is the drawing's own (font-size attribute, from PIECE_LAYOUT): no size here
        ".count{font-weight:bold;text-anchor:middle;fill:#111;pointer-events:none}",
        ".count-bg{fill:#FFFFFF;stroke:#111;stroke-width:1}",
        ".site-armaments{fill:#FFFFFF;stroke:#7B4A24;stroke-width:1.4}",
        ".site-shipyard{fill:#FFFFFF;stroke:#1F5F8B;stroke-width:1.4}",
        ".anchor{fill:#1F4F6B}",
        ".pieces,.sites,.labels,.lines{pointer-events:none}",
        ".canal-ring{fill:#FBF8F0;stroke:#2F5566;stroke-width:1.2}",
        ".canal-cut{stroke:#2F5566;stroke-width:1.6}",
        ".passages .strait{stroke:#7A4B21;stroke-width:1.6;stroke-dasharray:2 1.5;fill:none}",
        f".label.canal-label{{font-size:{label_size * 0.8:.1f}px;font-style:italic;fill:#2F5566}}",
        f".label.wrap-label{{font-size:{label_size * 0.75:.1f}px;font-style:italic;fill:#2F5566}}",
        ".label.wrap-start{text-anchor:start}.label.wrap-end{text-anchor:end}",
    ]
    for n in nations:
        piece, tint, ink, text = COLOURS.get(n["color"], COLOURS["black"])
        nid = n["id"]
        rules.append(f".home.nation-{nid}{{fill:url(#pat-{nid})}}")
        rules.append(f".piece.nation-{nid}{{fill:{piece};stroke:#1E1E1E;stroke-width:.8}}")
        rules.append(f".piece-letter.nation-{nid}{{fill:{text}}}")
        rules.append(f".canal-owner.owner-{nid} .canal-ring{{fill:{piece}}}")
    return "".join(rules)


#: how each kind of highlight (``render.board.HIGHLIGHTS``) outlines a region; a choice is also tinted
HIGHLIGHT_STYLE: dict[str, str] = {
    "recent": "stroke:#6B3FA0;stroke-width:3px;stroke-dasharray:7 4",
    "choice": "fill:#FFD640;fill-opacity:.16;stroke:#FFB300;stroke-width:3px",
    "selected": "stroke:#E0157A;stroke-width:5px",
    "botmove": "stroke:#6B3FA0;stroke-width:5px",
    "hinted": "stroke:#2F6F4E;stroke-width:6px",
}


#: the choice the tutorial asks for (``highlights_svg(tutorial=…)``): outlined more strongly than any other
TUTORIAL_STYLE = "fill:#FFD640;fill-opacity:.35;stroke:#D81B60;stroke-width:7px;stroke-dasharray:12 5"


def highlight_stylesheet() -> str:
    """CSS for the highlights (``render.board.highlights_svg``): each kind's outline; no pointer events but on
    the choices."""
    rules = [".highlights{pointer-events:none}",
             ".highlights use{fill:none;fill-rule:evenodd;stroke-linejoin:round}",
             ".highlights [data-choice]{pointer-events:visiblePainted}"]
    rules += [f'.highlights [data-kind="{kind}"] use{{{css}}}' for kind, css in HIGHLIGHT_STYLE.items()]
    rules.append(f'.highlights [data-kind="choice"] use[data-tutorial-target]{{{TUTORIAL_STYLE}}}')
    return "".join(rules)


def _luminance(colour: str) -> float:
    """Relative luminance of ``#RRGGBB`` (WCAG 2)."""
    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#RRGGBB`` colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


#: the two inks text on a nation's colour may have on the page
PAGE_INKS = ("#FFFFFF", "#111111")


def ink_on(colour: str) -> str:
    """The page's text colour on ``colour``: white or near black, whichever reads better."""
    return max(PAGE_INKS, key=lambda ink: contrast(ink, colour))


def page_css(boards: Iterable[list[dict]]) -> str:
    """The page's nation colours, the same as the pieces': for every nation of the ``boards`` (each a list of
    ``{"id", "color"}`` as in the geometry data) ``--<id>`` (its piece colour) and ``--<id>-ink`` (text on it),
    and ``.n-<id>`` setting ``--nc`` / ``--nc-ink`` (what the page's chips, bars and borders use)."""
    colours: dict[str, str] = {}
    for nations in boards:
        for n in nations:
            piece = COLOURS.get(n["color"], COLOURS["black"])[0]
            if colours.setdefault(n["id"], piece) != piece:
                raise ValueError(f"nation {n['id']} has two colours")
    head = "/* generated by build.py from render.style.COLOURS: the nation colours of the pieces */\n"
    root = ":root{" + "".join(f"--{nid}:{c};--{nid}-ink:{ink_on(c)};" for nid, c in colours.items()) + "}\n"
    rules = "".join(f".n-{nid}{{--nc:var(--{nid});--nc-ink:var(--{nid}-ink)}}\n" for nid in colours)
    return head + root + rules
