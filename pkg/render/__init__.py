"""Game state to SVG drawings (svgwrite). Draws state; never decides rules."""
