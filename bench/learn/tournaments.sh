#!/bin/sh
# The issue-43 tournaments, round-robin one game per pairing and board at a time, checkpointed game by game
# in bench/learn/tournament.jsonl (rerun to resume); needs .venv (python3 build.py test creates it).
#   bench/learn/tournaments.sh [PAIRINGS [RESULTS]]   (default: all of them, in bench/learn/tournament.jsonl;
#   two runs with different pairings, say expert:strong and expert:noisy-normal,expert:expert-2026-11, share
#   the file and use both cores; a variant tried goes in a file of its own under bench/learn/tried/)
cd "$(dirname "$0")/../.." || exit 1
pairings=${1:-expert:strong,expert:noisy-normal,expert:expert-2026-11}
results=${2:-bench/learn/tournament.jsonl}
for n in $(seq 1 60); do
  nice -n 19 .venv/bin/python bench/bots.py --games "$n" --timing-games 0 --progress 0 \
    --pairings "$pairings" --results "$results"
done
