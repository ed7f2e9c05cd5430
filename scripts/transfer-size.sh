#!/usr/bin/env bash
# Bytes a browser downloads for the web client's files, plain and compressed
# (brotli, gzip), from a running server: docs/performance.md, "Compressed
# responses".
#   scripts/transfer-size.sh [http://127.0.0.1:8080]
set -euo pipefail
base=${1:-http://127.0.0.1:8080}
cd "$(dirname "$0")/../web-client"
plain=0 br=0 gzip=0 files=0
size() { curl -sf ${2:+-H "accept-encoding: $2"} "$base/$1" | wc -c; }
while IFS= read -r file; do
  plain=$((plain + $(size "$file")))
  br=$((br + $(size "$file" br)))
  gzip=$((gzip + $(size "$file" gzip)))
  files=$((files + 1))
done < <(find . -type f \( -name '*.js' -o -name '*.css' -o -name '*.html' -o -name '*.svg' \) | sed 's|^\./||' | sort)
echo "files=$files plain=$plain brotli=$br gzip=$gzip"
