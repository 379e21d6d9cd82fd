#!/bin/sh
# The issue-43 tournaments, round-robin one game per pairing and board at a time, checkpointed game by game
# in bench/learn/tournament.jsonl (rerun to resume); needs .venv (python3 build.py test creates it).
cd "$(dirname "$0")/../.." || exit 1
for n in $(seq 1 60); do
  nice -n 10 .venv/bin/python bench/bots.py --games "$n" --timing-games 0 --progress 0 \
    --pairings expert:noisy-normal,normal:easy:$((n * 3)),expert:expert-2026-11,expert:strong \
    --results bench/learn/tournament.jsonl
done
