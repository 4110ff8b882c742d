#!/usr/bin/env bash
# The distributed build against the single-process one: builds wari with
# the `mpi` feature, then the tables of each rule set below with
# `wari egdb build --mpi` over 2, 3 and 4 processes on loopback
# (`mpirun -n N`), and checks every file against the single-process
# build's, byte for byte (docs/ENDGAME.md, "Beyond one machine").
#
#   tools/mpi-check.sh            # small boards, then wari,cycle=even to 20 seeds
#   tools/mpi-check.sh --quick    # small boards only (about a minute of CPU)
#   tools/mpi-check.sh --standard # the standard board only
#
# The small boards are built whole by every number of processes. On the
# standard board the distributed build starts from the single-process
# tables below FROM_SEEDS (20) and builds the seed counts from there to
# MAX_SEEDS (20): a table is a function of the tables below it, so the
# same table from the same tables below, at every seed count, is the
# same build (FROM_SEEDS=0 builds them all, hours of CPU on 2 cores).
#
# Environment: REFERENCE=DIR takes the single-process tables from DIR
# (DIR/RULES/NN.egdb, made by `wari egdb build`) instead of building
# them; MAX_SEEDS, FROM_SEEDS; PROCS ("2 3 4"). Installs Open MPI and
# libclang (for the mpi crate's bindings) from Debian if they are
# missing.
set -euo pipefail
cd "$(dirname "$0")/.."

small=true standard=true
[ "${1:-}" = "--quick" ] && standard=false
[ "${1:-}" = "--standard" ] && small=false
max_seeds=${MAX_SEEDS:-20}
from_seeds=${FROM_SEEDS:-20}
procs=${PROCS:-"2 3 4"}

missing=()
for package in openmpi-bin libopenmpi-dev libclang-dev; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cargo build --release --locked -p wari --features mpi --quiet
wari="${CARGO_TARGET_DIR:-target}/release/wari"

# Open MPI: on loopback only, as root if need be, more processes than
# cores. (MPICH's mpirun needs none of these.)
mpirun=(mpirun)
if mpirun --version 2>&1 | grep -q "Open MPI"; then
    mpirun+=(--oversubscribe --mca btl self,tcp --mca btl_tcp_if_include lo
        --mca oob_tcp_if_include lo)
    [ "$(id -u)" = 0 ] && mpirun+=(--allow-run-as-root)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# check RULES MAX [FROM]: the tables of RULES up to MAX seeds over each
# number of processes, from the single-process tables below FROM (0: all
# built), against the single-process build.
check() {
    local rules=$1 max=$2 from=${3:-0} reference="$work/single" name
    if [ -n "${REFERENCE:-}" ]; then
        reference=$REFERENCE
    else
        "$wari" egdb build --rules "$rules" --max-seeds "$max" --dir "$reference" \
            >"$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
    fi
    # The tables' directory is named by the normalised rules.
    "$wari" egdb build --rules "$rules" --max-seeds 0 --dir "$work/name" >/dev/null 2>&1
    name=$(ls "$work/name")
    rm -rf "$work/name"
    for n in $procs; do
        local dir="$work/mpi-$n" seeds
        local started=$SECONDS
        mkdir -p "$dir/$name"
        for ((seeds = 0; seeds < from; seeds++)); do
            cp "$reference/$name/$(printf %02d "$seeds").egdb" "$dir/$name/"
        done
        # One thread a process: the processes share the cores. With 3,
        # on the small boards, no memory to keep the moves' children:
        # every pass plays them again.
        local memory=10240
        [ "$n" = 3 ] && [ "$from" = 0 ] && memory=1
        RAYON_NUM_THREADS=1 /usr/bin/time -o "$work/time" -f "%U %S" \
            "${mpirun[@]}" -n "$n" "$wari" egdb build --mpi --memory "$memory" \
            --rules "$rules" --max-seeds "$max" --dir "$dir" >"$work/log" 2>&1 ||
            { cat "$work/log" >&2; exit 1; }
        for seeds in $(seq -f %02g 0 "$max"); do
            if ! cmp -s "$reference/$name/$seeds.egdb" "$dir/$name/$seeds.egdb"; then
                echo "FAIL: $rules, $seeds seeds, $n processes: not the single-process table" >&2
                exit 1
            fi
        done
        echo "$rules, $from to $max seeds built by $n processes (--memory $memory):" \
            "every table identical ($((SECONDS - started)) s, $(awk '{print $1 + $2}' "$work/time") s of CPU)"
        rm -rf "$dir"
    done
    [ -n "${REFERENCE:-}" ] || rm -rf "$reference"
}

# Small boards of every kind: Kalah's extra moves, the own-row cycle
# convention, warri's grand slams, shared cycles.
if $small; then
    (REFERENCE="" check "kalah,pits=4" 12)
    (REFERENCE="" check "abapa,pits=4" 12)
    (REFERENCE="" check "warri,pits=4" 10)
    (REFERENCE="" check "wari,pits=5,cycle=even" 12)
fi
if $standard; then
    check "wari,cycle=even" "$max_seeds" "$from_seeds"
fi
