#!/bin/sh
# A broken engine of Aualé's UCI dialect, for the error paths of
# `wari match`. It shakes hands like an engine, then fails at `go` as
# MODE says:
#   silent   never answers go
#   illegal  answers with a pit of the opponent's row
#   crash    exits at once when asked `uci`
#   garbage  answers go with noise and a bestmove that is not a move
mode=$1
moves=""
while IFS= read -r line; do
    case "$line" in
    uci)
        if [ "$mode" = crash ]; then
            exit 3
        fi
        echo "id name fake $mode"
        echo "option name Hash type spin default 1 min 1 max 1"
        echo "uciok"
        ;;
    isready) echo "readyok" ;;
    "position "*" moves "*) moves=${line##* moves } ;;
    position*) moves="" ;;
    go*)
        case "$mode" in
        illegal)
            # An even number of moves played: South is to move.
            if [ $((${#moves} % 2)) -eq 0 ]; then
                echo "bestmove a"
            else
                echo "bestmove A"
            fi
            ;;
        garbage)
            echo "%%% what is this %%%"
            echo "bestmove hello"
            ;;
        esac
        ;;
    quit) exit 0 ;;
    esac
done
