"""Game state to SVG drawings (svgwrite). Draws state; never decides rules.

``board_svg(state=None, *, board=None, highlight=())`` draws the map (python-chess's
``chess.svg.board`` is the model: one pure function returning an SVG string, glyphs defined
once in ``<defs>``, CSS classes the page can restyle, deterministic output).
"""

from .board import board_svg
from .geometry import BOARDS, load_geometry
from .panels import rondel_svg, tracks_svg, treasuries_svg

__all__ = ["BOARDS", "board_svg", "load_geometry", "rondel_svg", "tracks_svg", "treasuries_svg"]
