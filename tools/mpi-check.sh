#!/usr/bin/env bash
# The distributed build against the single-process one: builds wari with
# the `mpi` feature, then the tables of each rule set below with
# `wari egdb build --mpi` over 2, 3 and 4 processes on loopback
# (`mpirun -n N`), and checks every file against the single-process
# build's, byte for byte (docs/ENDGAME.md, "Beyond one machine").
#
#   tools/mpi-check.sh            # small boards, then wari,cycle=even to 20 seeds
#   tools/mpi-check.sh --quick    # small boards only (about a minute of CPU)
#
# Environment: REFERENCE=DIR takes the single-process tables from DIR
# (DIR/RULES/NN.egdb, made by `wari egdb build`) instead of building
# them; MAX_SEEDS (20) the standard board's largest seed count; PROCS
# ("2 3 4"). Installs Open MPI and libclang (for the mpi crate's
# bindings) from Debian if they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=false
[ "${1:-}" = "--quick" ] && quick=true
max_seeds=${MAX_SEEDS:-20}
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

# check RULES MAX: the tables of RULES up to MAX seeds over each number
# of processes, against the single-process build.
check() {
    local rules=$1 max=$2 reference="$work/single"
    if [ -n "${REFERENCE:-}" ]; then
        reference=$REFERENCE
    else
        "$wari" egdb build --rules "$rules" --max-seeds "$max" --dir "$reference" \
            >"$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
    fi
    for n in $procs; do
        local dir="$work/mpi-$n"
        local started=$SECONDS
        # One thread a process: the processes share the cores. With 3,
        # no memory to keep the moves' children: every pass plays them
        # again.
        local memory=10240
        [ "$n" = 3 ] && memory=1
        RAYON_NUM_THREADS=1 "${mpirun[@]}" -n "$n" "$wari" egdb build --mpi --memory "$memory" \
            --rules "$rules" --max-seeds "$max" --dir "$dir" >"$work/log" 2>&1 ||
            { cat "$work/log" >&2; exit 1; }
        # The tables' directory: the only one in $dir (the rules' name).
        local name seeds
        name=$(ls "$dir")
        for seeds in $(seq -f %02g 0 "$max"); do
            if ! cmp -s "$reference/$name/$seeds.egdb" "$dir/$name/$seeds.egdb"; then
                echo "FAIL: $rules, $seeds seeds, $n processes: not the single-process table" >&2
                exit 1
            fi
        done
        echo "$rules, 0 to $max seeds, $n processes (--memory $memory): every table identical ($((SECONDS - started)) s)"
        rm -rf "$dir"
    done
    [ -n "${REFERENCE:-}" ] || rm -rf "$reference"
}

# Small boards of every kind: Kalah's extra moves, the own-row cycle
# convention, warri's grand slams, shared cycles.
(REFERENCE="" check "kalah,pits=4" 12)
(REFERENCE="" check "abapa,pits=4" 12)
(REFERENCE="" check "warri,pits=4" 10)
(REFERENCE="" check "wari,pits=5,cycle=even" 12)
$quick || check "wari,cycle=even" "$max_seeds"
