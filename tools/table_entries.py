#!/usr/bin/env python3
"""Where a match's games were decided: before the endgame tables' range or
inside it. For every game of an OGN file written by `wari match --ogn`,
the first position with at most --seeds seeds on the board (where the
tables take over) is valued by the tables (`wari egdb probe`: the final
score with best play under the tables' cycle convention, docs/ENDGAME.md)
and set against the game's result for ENGINE:

    entering the tables' range   won   drawn   lost
    winning                      134       8      0
    ...

With --trace N, also every move of game N (its Round tag) after that
point that changes the tables' final score for ENGINE, and who played it:
in cycle endings under the own-row rule the convention's value swings
with the moves, which shows where it is only an estimate.

Usage:

    tools/table_entries.py GAMES.ogn ENGINE --wari target/release/wari \\
        --egdb DIR [--rules abapa] [--seeds 23] [--trace N ...]

Only `wari replay` and `wari egdb probe` are run (no search), so it takes
a few minutes for 200 games. The docs/STRENGTH.md table of round 3 was
made with it.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from diagnose_losses import final_counts, outcome, read_games, side_of  # noqa: E402


def replay(wari, moves, rules):
    command = [wari, "replay", "--rules", rules] + moves
    return json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)


def on_board(state):
    """The seeds on the board of a `wari replay` object."""
    rows = state["position"].split()[0]
    return sum(int(pit) for row in rows.split("/") for pit in row.split(","))


def final_for(wari, egdb, rules, state, side):
    """The final count of `side` ("S" or "N") by the tables from `state`
    (a `wari replay` object), or None where the tables do not cover it."""
    command = [wari, "egdb", "probe", "--json", "--rules", rules, "--dir", egdb, state["position"]]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return None
    value = json.loads(result.stdout)["value"]
    south, north = state["captured"]
    left = on_board(state)
    mover = (left + value) / 2
    if state["to_move"] == "S":
        south, north = south + mover, north + left - mover
    else:
        south, north = south + left - mover, north + mover
    return south if side == "S" else north


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ogn")
    parser.add_argument("name", help="the engine looked at (South/North tag)")
    parser.add_argument("--wari", default="wari")
    parser.add_argument("--egdb", required=True)
    parser.add_argument("--rules", default="abapa")
    parser.add_argument("--seeds", type=int, default=23, help="the largest table")
    parser.add_argument("--trace", type=int, nargs="*", default=[], help="games (Round) to trace")
    args = parser.parse_args()

    rows = {entry: {"won": 0, "drawn": 0, "lost": 0} for entry in ("winning", "drawn", "losing")}
    for tags, moves in read_games(args.ogn):
        side = side_of(tags, args.name)
        counts = final_counts(tags)
        if side is None or counts is None:
            continue
        result = outcome(counts, side)
        round_ = int(tags.get("Round", "0"))
        previous = None
        for ply in range(len(moves) + 1):
            state = replay(args.wari, moves[:ply], args.rules)
            if state["over"] or on_board(state) > args.seeds:
                continue
            final = final_for(args.wari, args.egdb, args.rules, state, side)
            if final is None:
                continue
            if previous is None:
                half = (on_board(state) + sum(state["captured"])) / 2
                entry = "winning" if final > half else "drawn" if final == half else "losing"
                rows[entry][result] += 1
                print(f"game {round_}: enters at ply {ply}, {state['position']}: "
                      f"{final:g} for {args.name} by the tables; {result}", flush=True)
                if round_ not in args.trace:
                    break
            elif final != previous[0]:
                who = args.name if previous[1]["to_move"] == side else "the other"
                print(f"  ply {ply - 1}: {previous[1]['position']}, {who} plays {moves[ply - 1]}: "
                      f"{previous[0]:g} -> {final:g}", flush=True)
            previous = (final, state)

    heading = "entering the tables' range"
    print(f"\n{heading:28} {'won':>5} {'drawn':>6} {'lost':>5}")
    for entry, counts in rows.items():
        print(f"{entry:28} {counts['won']:5} {counts['drawn']:6} {counts['lost']:5}")


if __name__ == "__main__":
    sys.exit(main())
