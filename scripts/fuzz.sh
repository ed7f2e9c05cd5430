#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for a while, starting from the corpus
# kept in the repository (fuzz/corpus/<target>/), and fails on the first crash,
# panic, broken assertion or hang. Usage: scripts/fuzz.sh [seconds-per-target]
# (default 30). See CONTRIBUTING.md, "Fuzzing", for longer runs.
set -euo pipefail
seconds=${1:-30}
case $seconds in ''|*[!0-9]*) echo "usage: $0 [seconds-per-target]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/../fuzz"

# Pinned so that CI and developers fuzz with the same driver.
cargo_fuzz_version=0.13.2
if [ "$(cargo fuzz --version 2>/dev/null || true)" != "cargo-fuzz $cargo_fuzz_version" ]; then
  cargo install cargo-fuzz --version "$cargo_fuzz_version" --locked
fi

# cargo-fuzz passes nightly-only flags (-Z sanitizer options, coverage
# instrumentation); this lets the stable toolchain accept them.
export RUSTC_BOOTSTRAP=1
# No sanitizer: the project's crates have no unsafe code, and without
# AddressSanitizer the game targets run about four times as many inputs.
flags=(--sanitizer none)

cargo fuzz build "${flags[@]}"
for target in $(cargo fuzz list); do
  echo "==== fuzzing $target for ${seconds}s ===="
  # New inputs go to a scratch folder, so the committed corpus only changes
  # on purpose (cargo fuzz cmin, see CONTRIBUTING.md); a crash is written to
  # fuzz/artifacts/<target>/.
  scratch="target/corpus-scratch/$target"
  rm -rf "$scratch" && mkdir -p "$scratch" "corpus/$target"
  if ! cargo fuzz run "${flags[@]}" "$target" "$scratch" "corpus/$target" -- \
    -max_total_time="$seconds" -timeout=10 -print_final_stats=1; then
    echo "FUZZ FAILURE in $target: the failing input is in fuzz/artifacts/$target/." >&2
    echo "Reproduce: cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run -s none $target artifacts/$target/<file>" >&2
    exit 1
  fi
done
echo "fuzzing: every target ran ${seconds}s without a failure"
