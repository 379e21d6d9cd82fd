"""Game state to SVG drawings (svgwrite). Draws state; never decides rules.

The map comes in layers, as python-chess's ``chess.svg.board`` would have it if a board were drawn
once: ``static_svg(board)`` (regions, borders, names, harbours, canals; drawn once per board),
``pieces_svg(state)`` (factories, flags, units; drawn per state) and the highlights over them
(``overlay_svg(board)`` once per board, ``highlights_svg(board, choices=…, selected=…, recent=…, botmove=…,
hinted=…)`` per change). ``board_svg(state)`` is all in one document. Highlights are parameters, never
patched into the other layers. Glyphs are defined once in ``<defs>``, CSS classes can be restyled, output is
deterministic.  Where to look on a board: ``content_box(board)`` (the part with something to read),
``focus_box(board, regions)``, ``home_regions(board, nation)``.  ``charts_svg(state)`` draws the game over
time (power, scores, treasuries, cash).
"""

from .board import HIGHLIGHTS, board_svg, compose, highlights_svg, overlay_svg, pieces_svg, static_svg
from .charts import chart_svg, charts_svg
from .geometry import BOARDS, load_geometry
from .panels import rondel_svg, tracks_svg, treasuries_svg
from .view import content_box, focus_box, home_regions

__all__ = ["BOARDS", "HIGHLIGHTS", "board_svg", "chart_svg", "charts_svg", "compose", "content_box", "focus_box",
           "highlights_svg", "home_regions", "load_geometry", "overlay_svg", "pieces_svg", "rondel_svg", "static_svg",
           "tracks_svg", "treasuries_svg"]
