#!/usr/bin/env bash
# The benchmarks' yardstick (issue 46): numpy from PyPI in a virtual environment of its own,
# ~/.cache/proseva/bench-venv (or $PROSEVA_BENCH_VENV). numpy's wheel carries its BLAS (OpenBLAS),
# left at its defaults. Nothing else uses it; `make bench` installs it, `make test` does not.
set -euo pipefail

NUMPY_VERSION=2.4.6
VENV="${PROSEVA_BENCH_VENV:-$HOME/.cache/proseva/bench-venv}"

if "$VENV/bin/python" -c "import numpy, sys; sys.exit(numpy.__version__ != '$NUMPY_VERSION')" 2>/dev/null; then
  exit 0
fi
python3 -m venv "$VENV" || { echo "install-bench-numpy: python3 -m venv failed (apt-get install python3-venv)" >&2; exit 1; }
"$VENV/bin/pip" install --quiet --disable-pip-version-check "numpy==$NUMPY_VERSION"
"$VENV/bin/python" -c "import numpy; print('install-bench-numpy: numpy', numpy.__version__, 'in $VENV')" >&2
