#!/usr/bin/env bash
# `make floor`: BoxKit builds for iOS 17, macOS 14, tvOS 17, watchOS 10 and visionOS 1. No Apple SDK is on a
# Linux machine, so this reads the code instead: Package.swift must declare that floor, and no line of
# Sources, Tests or Examples (comments aside) may use an API listed in .ci/above-floor.txt, unless it ends in
# `// floor: inside #available` (which this cannot verify: review does).
set -euo pipefail
cd "$(dirname "$0")/.."

floor='platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)]'
if ! grep -qF "$floor" Package.swift; then
    echo "floor: Package.swift does not declare $floor"
    exit 1
fi

failed=0
while IFS=$'\t' read -r pattern what; do
    case "$pattern" in '' | '#'*) continue ;; esac
    hits=$(grep -rnE --include='*.swift' "$pattern" Sources Tests Examples \
        | grep -vE '^[^:]+:[0-9]+: *//' | grep -vF '// floor: inside #available' || true)
    if [ -n "$hits" ]; then
        echo "floor: $what is above the platform floor:"
        echo "$hits"
        failed=1
    fi
done < .ci/above-floor.txt
[ "$failed" = 0 ] || exit 1
echo "floor: Package.swift declares iOS 17 / macOS 14 / tvOS 17 / watchOS 10 / visionOS 1, and no listed newer API is used"
