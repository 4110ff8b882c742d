#!/usr/bin/env python3
"""An independent, deliberately plain reading of RULES.md, used only to
cross-check the perft suite (crates/rules/tests/perft.txt).

It shares no code with the Rust library: seeds are sown one at a time,
grand slams are found by trying the capture, and game ends are checked
after every move. Usage:

    python3 tools/reference_perft.py crates/rules/tests/perft.txt

prints each suite line with the count this program finds, and exits 1 if
any differs from the count written in the file.
"""
import sys


def parse_rules(text):
    parts = text.split(",")
    r = {"name": parts[0], "pits": 6, "seeds": 4, "playout": False, "empty_capture": True}
    for p in parts[1:]:
        if p == "playout":
            r["playout"] = True
        else:
            k, v = p.split("=")
            if k == "pits":
                r["pits"] = int(v)
            elif k == "seeds":
                r["seeds"] = int(v)
            elif k == "empty-capture":
                r["empty_capture"] = v == "on"
    return r


def parse_position(text):
    rows, turn, caps = text.split()
    south, north = rows.split("/")
    board = [int(x) for x in south.split(",")] + [int(x) for x in north.split(",")]
    s, n = caps.split("-")
    return board, (0 if turn == "S" else 1), [int(s), int(n)]


def own(m, side, i):
    return side * m <= i < side * m + m


def row_sum(board, m, side):
    return sum(board[side * m: side * m + m])


def oware_moves(r, board, turn, caps, total):
    """Legal moves (pit indices) of an Oware position that is not over."""
    m = r["pits"]
    opp = 1 - turn
    cands = [i for i in range(turn * m, turn * m + m) if board[i] > 0]
    if row_sum(board, m, opp) == 0:
        cands = [i for i in cands if feeds(board, m, i, opp)]
    if r["name"] == "wari" and len(cands) > 1:
        non_slams = [i for i in cands if not oware_sow(r, board, turn, caps, total, i)[3]]
        if non_slams:
            cands = non_slams
    return cands


def sow(board, m, i):
    """Sows pit i of an Oware board, skipping it on a lap; returns the new
    board and the pits sown, in order."""
    b = list(board)
    seeds, b[i], pit = b[i], 0, i
    sown = []
    while seeds:
        pit = (pit + 1) % (2 * m)
        if pit == i:
            continue
        b[pit] += 1
        seeds -= 1
        sown.append(pit)
    return b, sown


def feeds(board, m, i, opp):
    return any(own(m, opp, pit) for pit in sow(board, m, i)[1])


def oware_sow(r, board, turn, caps, total, i):
    """Plays pit i; returns (board, turn, caps, was_slam, over)."""
    m = r["pits"]
    b, sown = sow(board, m, i)
    c = list(caps)
    opp = 1 - turn
    taken = []
    p = sown[-1]
    while own(m, opp, p) and b[p] in (2, 3):
        taken.append(p)
        if p == opp * m:
            break
        p -= 1
    gain = sum(b[p] for p in taken)
    slam = bool(taken) and gain == row_sum(b, m, opp)
    nxt = opp
    if slam and r["name"] == "abapa":
        pass
    elif slam and r["name"] == "wari":
        c[turn] += row_sum(b, m, opp) + row_sum(b, m, turn)
        b = [0] * len(b)
        return b, opp, c, True, True
    elif slam:  # warri
        c[turn] += gain
        for p in taken:
            b[p] = 0
        nxt = turn
    else:
        c[turn] += gain
        for p in taken:
            b[p] = 0
    return b, nxt, c, slam, False


def kalah_play(r, board, turn, caps, i):
    m = r["pits"]
    # Cells in sowing order from South's A: A..F, S store, a..f, N store.
    cells = list(board[:m]) + [caps[0]] + list(board[m:]) + [caps[1]]
    start = i if turn == 0 else i + 1
    skip = 2 * m + 1 if turn == 0 else m
    own_store = m if turn == 0 else 2 * m + 1
    seeds, cells[start], pos = cells[start], 0, start
    while seeds:
        pos = (pos + 1) % len(cells)
        if pos == skip:
            continue
        cells[pos] += 1
        seeds -= 1
    nxt = 1 - turn
    if pos == own_store:
        nxt = turn
    else:
        lo = 0 if turn == 0 else m + 1
        if lo <= pos < lo + m and cells[pos] == 1:
            # the pit facing: board index k faces 2m-1-k
            k = pos if turn == 0 else pos - 1
            f = 2 * m - 1 - k
            fpos = f if f < m else f + 1
            if cells[fpos] > 0 or r["empty_capture"]:
                cells[own_store] += 1 + cells[fpos]
                cells[pos] = 0
                cells[fpos] = 0
    b = cells[:m] + cells[m + 1: 2 * m + 1]
    c = [cells[m], cells[2 * m + 1]]
    return b, nxt, c


def perft(r, board, turn, caps, total, depth, over=False):
    if depth == 0:
        return 1
    m = r["pits"]
    if r["name"] == "kalah":
        if row_sum(board, m, 0) == 0 or row_sum(board, m, 1) == 0:
            return 0
        n = 0
        for i in range(turn * m, turn * m + m):
            if board[i]:
                b, t, c = kalah_play(r, board, turn, caps, i)
                n += perft(r, b, t, c, total, depth - 1)
        return n
    if over:
        return 0
    if not r["playout"] and (2 * caps[0] > total or 2 * caps[1] > total):
        return 0
    n = 0
    for i in oware_moves(r, board, turn, caps, total):
        b, t, c, _, ended = oware_sow(r, board, turn, caps, total, i)
        n += perft(r, b, t, c, total, depth - 1, ended)
    return n


def main(path):
    bad = 0
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        rules, position, depth, count = [f.strip() for f in line.split(";")]
        r = parse_rules(rules)
        board, turn, caps = parse_position(position)
        total = sum(board) + sum(caps)
        found = perft(r, board, turn, caps, total, int(depth))
        mark = "" if str(found) == count else "   <-- differs"
        bad += mark != ""
        print(f"{rules}; {position}; {depth}; {found}{mark}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
