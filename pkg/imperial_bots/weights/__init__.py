"""The learned evaluation's weights, one JSON file per board (made by ``bench/learn.py fit``)."""
