#!/usr/bin/env python3
"""Where a match's lost games went wrong: for every game that ENGINE lost
in an OGN file written by `wari match --ogn`, the positions 20 to 40 plies
(--from, --to) before the end where ENGINE was to move, with

- the move ENGINE played there (from the record),
- the move the other engine would play (asked over UCI, when --peer is
  given),
- a deep search's move and score: `wari analyze` with the game's moves
  (so the real cycle rule applies along the game) and the endgame tables.

Usage:

    tools/diagnose_losses.py GAMES.ogn NAME --wari target/release/wari \\
        [--peer "AALINA COMMAND"] [--egdb /work/tables] [--deep-ms 5000] \\
        [--peer-ms 250] [--every 4] [--from 40] [--to 20]

One line per position: game, ply, position, seeds on the board, the
moves, the deep score of ENGINE's move and of the deep move (seeds for
the side to move), and "LOSS" where ENGINE's move scores at least a seed
worse than the deep move. The docs/STRENGTH.md diagnosis was made with it.
"""
import argparse
import json
import re
import subprocess
import sys


def read_games(path):
    """The records of an OGN file: (tags, moves) each."""
    games = []
    tags, text = {}, []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        m = re.match(r'^\[(\w+) "(.*)"\]$', line)
        if m:
            if text:
                games.append((tags, " ".join(text)))
                tags, text = {}, []
            tags[m.group(1)] = m.group(2)
        elif line:
            text.append(line)
    if tags or text:
        games.append((tags, " ".join(text)))
    out = []
    for tags, movetext in games:
        movetext = re.sub(r"\{[^}]*\}", " ", movetext)
        moves = []
        for token in movetext.split():
            if re.match(r"^\d+\.$", token) or "-" in token or token == "*":
                continue
            moves.append(token.split("+")[0])
        out.append((tags, moves))
    return out


def final_counts(tags):
    """The final counts of a record's Result tag, South's first (halves
    under cycle=even), or None when it holds none."""
    counts = re.match(r"^([\d½]+)-([\d½]+)$", tags.get("Result", ""))
    if not counts:
        return None
    return tuple(float(c.replace("½", ".5")) for c in counts.groups())


def side_of(tags, name):
    """"S" or "N": the side `name` played in a record, or None."""
    return "S" if tags.get("South") == name else "N" if tags.get("North") == name else None


def outcome(counts, side):
    """"won", "drawn" or "lost" for `side`, from the final counts."""
    south, north = counts
    mine, theirs = (south, north) if side == "S" else (north, south)
    return "won" if mine > theirs else "lost" if mine < theirs else "drawn"


def analyze(wari, moves, ms, egdb, rules):
    command = [wari, "analyze", "start", "--movetime", str(ms), "--json", "--hash", "256"]
    if rules:
        command += ["--rules", rules]
    if moves:
        command += ["--moves", "".join(moves)]
    if egdb:
        command += ["--egdb", egdb]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


class Peer:
    """An engine speaking Aualé's UCI dialect, asked for single moves."""

    def __init__(self, command):
        self.process = subprocess.Popen(
            command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name OwnBook value false")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def wait(self, word):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the peer exited")
            if line.split()[:1] == [word]:
                return line.split()

    def move(self, moves, ms):
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")
        position = "position startpos"
        if moves:
            position += " moves " + "".join(moves)
        self.send(position)
        self.send(f"go movetime {ms}")
        return self.wait("bestmove")[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ogn")
    parser.add_argument("name", help="the engine whose losses are looked at (South/North tag)")
    parser.add_argument("--wari", default="wari")
    parser.add_argument("--peer")
    parser.add_argument("--egdb")
    parser.add_argument("--rules")
    parser.add_argument("--deep-ms", type=int, default=5000)
    parser.add_argument("--peer-ms", type=int, default=250)
    parser.add_argument("--every", type=int, default=4, help="plies between positions looked at")
    parser.add_argument("--from", dest="first", type=int, default=40, help="plies before the end to start at")
    parser.add_argument("--to", dest="last", type=int, default=20, help="plies before the end to stop at")
    args = parser.parse_args()

    peer = Peer(args.peer) if args.peer else None
    for tags, moves in read_games(args.ogn):
        side = side_of(tags, args.name)
        counts = final_counts(tags)
        if counts is None or side is None or outcome(counts, side) != "lost":
            continue
        end = len(moves)
        for ply in range(max(0, end - args.first), end - args.last + 1):
            # South moves at even plies from the start position.
            to_move = "S" if ply % 2 == 0 else "N"
            if to_move != side or (end - ply) % args.every > 1:
                continue
            before = moves[:ply]
            played = moves[ply]
            deep = analyze(args.wari, before, args.deep_ms, args.egdb, args.rules)
            after = analyze(args.wari, moves[: ply + 1], args.deep_ms, args.egdb, args.rules)
            theirs = peer.move(before, args.peer_ms) if peer else "-"
            position = deep.get("position", "")
            played_score = -after["score"] if after.get("best") else None
            verdict = ""
            if played != deep["best"] and played_score is not None and played_score <= deep["score"] - 1:
                verdict = "LOSS"
            print(
                f"game {tags.get('Round', '?')} ply {ply} ({end - ply} before the end) "
                f"{position} | {args.name} {played} ({played_score}) | peer {theirs} | "
                f"deep {deep['best']} ({deep['score']}{' exact' if deep.get('exact') else ''}, depth {deep['depth']}) {verdict}",
                flush=True,
            )


if __name__ == "__main__":
    sys.exit(main())
