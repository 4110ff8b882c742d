#!/usr/bin/env bash
# Records reference pairings for crates/swiss from bbpPairings, the
# FIDE-endorsed pairing program (BieremaBoyzProgramming/bbpPairings), as
# TRF-16 files under crates/swiss/tests/data/. Not needed by CI: the test
# (crates/swiss/tests/oracle.rs) reads the recorded files.
#
#   tools/swiss-oracle.sh BBP_SOURCE_DIR [EVENTS] [UNPLAYED_EVENTS]
#
# BBP_SOURCE_DIR is a bbpPairings source tree at v5.0.1 (the last release
# implementing the 2017 Dutch rules that wari-swiss follows; v6 implements
# the 2025 rules). It is built here with g++ and make. Its random tournament
# generator plays each event: random results (20% draws), pairing every
# round itself, so each file holds bbp's pairing of every round.
#
# EVENTS (48) events have every game played; UNPLAYED_EVENTS (24) more,
# numbered after them, have unplayed games too: about one game in ten
# forfeited (one side or both did not show up) and one player in eight
# retired for some rounds (absent, zero points).
set -euo pipefail
src=${1:?usage: tools/swiss-oracle.sh BBP_SOURCE_DIR [EVENTS] [UNPLAYED_EVENTS]}
events=${2:-48}
unplayed=${3:-24}
here=$(cd "$(dirname "$0")/.." && pwd)
out=$here/crates/swiss/tests/data
mkdir -p "$out"
make -C "$src" -j2 >/dev/null
bbp=$src/bbpPairings.exe
config=$(mktemp)
trap 'rm -f "$config"' EXIT
never=100000000
for ((k = 1; k <= events + unplayed; k++)); do
  # Fields of 9 to 40 players (odd ones have byes), 5 to 9 rounds.
  players=$((9 + (k * 7) % 32))
  rounds=$((5 + k % 5))
  if ((k <= events)); then forfeits=$never retired=$never; else forfeits=10 retired=8; fi
  printf 'PlayersNumber=%d\nRoundsNumber=%d\nDrawPercentage=20\nForfeitRate=%d\nRetiredRate=%d\nHalfPointByeRate=%d\n' \
    "$players" "$rounds" "$forfeits" "$retired" "$never" >"$config"
  file=$(printf '%s/event-%02d-p%d-r%d.trf' "$out" "$k" "$players" "$rounds")
  "$bbp" --dutch -g "$config" -o "$file" -s "$k"
  # One line a record ('\r' in bbp's output).
  tr '\r' '\n' <"$file" >"$file.tmp" && mv "$file.tmp" "$file"
done
echo "wrote $((events + unplayed)) events to $out"
