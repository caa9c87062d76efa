#!/usr/bin/env bash
# Fast Downward's driver as up-fast-downward installs it (.ci/setup), wherever pip put it:
# experiment files call this script instead of a machine's site-packages path.
set -euo pipefail
driver="$(python3 -c 'import os, up_fast_downward as u; print(os.path.join(os.path.dirname(u.__file__), "downward", "fast-downward.py"))')"
exec python3 "$driver" "$@"
