"""Game state to SVG drawings (svgwrite). Draws state; never decides rules.

The map comes in two layers, as python-chess's ``chess.svg.board`` would have it if a board were drawn
once: ``static_svg(board)`` (regions, borders, names, harbours, canals; drawn once per board) and
``pieces_svg(state)`` (factories, flags, units; drawn per state). ``board_svg(state)`` is both in one
document. Highlights are parameters (``choices``, ``selected``, ``recent``; see ``region_marks``), never
patched into the output. Glyphs are defined once in ``<defs>``, CSS classes can be restyled, output is
deterministic.  ``charts_svg(state)`` draws the game over time (power, scores, treasuries, cash).
"""

from .board import board_svg, compose, pieces_svg, region_marks, static_svg
from .charts import chart_svg, charts_svg
from .geometry import BOARDS, load_geometry
from .panels import rondel_svg, tracks_svg, treasuries_svg

__all__ = ["BOARDS", "board_svg", "chart_svg", "charts_svg", "compose", "load_geometry", "pieces_svg",
           "region_marks", "rondel_svg", "static_svg", "tracks_svg", "treasuries_svg"]
