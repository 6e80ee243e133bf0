#!/usr/bin/env bash
# bash bench/baseline.sh <git-ref>: builds <git-ref> in a directory under /tmp and prints its path,
# for BENCH_BASELINE=<path> npm run bench. An archive rather than a worktree, so the repository's
# shared git metadata is left as it was; node_modules is this checkout's, so both builds run on the
# same dependencies.
set -euo pipefail

ref=${1:?usage: bash bench/baseline.sh <git-ref>}
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
commit=$(git -C "$root" rev-parse --verify "$ref^{commit}")
dir=/tmp/bazaar-baseline-${commit:0:12}

# Progress goes to stderr: stdout is only the path, so the script can be used as $(bash bench/baseline.sh ref).
rm -rf "$dir"
mkdir -p "$dir"
git -C "$root" archive "$commit" | tar -x -C "$dir"
ln -s "$(readlink -f "$root/node_modules")" "$dir/node_modules"
(cd "$dir" && node scripts/generate.mjs && node scripts/build.mjs) >&2
echo "$dir"
