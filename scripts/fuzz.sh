#!/usr/bin/env bash
# The long form of the hostile-input loops (Docs/reliability.md "Hostile input"):
# the suite's mutation loops over JSON Lines, option values and every importer,
# run again and again with a new seed each round, for MINUTES (default 10).
#
#   scripts/fuzz.sh [MINUTES] [ROUNDS]
#
# ROUNDS (default 5) multiplies each loop's length per run. A failing round
# prints its seed: HARU_FUZZ_SEED=S HARU_FUZZ_ROUNDS=R swift test --filter
# 'HostileInput|HostileImports' runs it again.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10}
rounds=${2:-5}
swift build --build-tests 2>&1 | tail -n 1
end=$(( $(date +%s) + minutes * 60 ))
seed=${HARU_FUZZ_SEED:-$(date +%s)}
runs=0
while [ "$(date +%s)" -lt "$end" ]; do
    if ! HARU_FUZZ_SEED=$seed HARU_FUZZ_ROUNDS=$rounds swift test --skip-build --filter 'HostileInput|HostileImports' > /tmp/haru-fuzz.log 2>&1; then
        grep -E "✘|recorded an issue" /tmp/haru-fuzz.log | head -20
        echo "FAILED with HARU_FUZZ_SEED=$seed HARU_FUZZ_ROUNDS=$rounds (log: /tmp/haru-fuzz.log)"
        exit 1
    fi
    runs=$((runs + 1))
    seed=$((seed + 1000))
done
# Per run and round: 4,000 lines through the parser and validator, 300 through
# `haru append`, 400 option values, 200 importer inputs.
echo "fuzz: $runs runs of $rounds× the suite's loops in $minutes min ($((runs * rounds * 4900)) inputs), seeds from ${HARU_FUZZ_SEED:-its start time} by 1000: no failure"
