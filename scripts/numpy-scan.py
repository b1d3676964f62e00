#!/usr/bin/env python3
"""The yardstick for the explorer's `similar` and search (issue 46): a numpy float32 flat scan.

Reads the vectors explorer-bench wrote (raw little-endian float32, `dimension` a row), then for
`iterations` rows picked at random scans every vector once (`matrix @ query`) and keeps the 10 best
(argpartition, then sorted), as `similar` does. numpy's BLAS is left at its defaults (its thread
count included) and named in the output. Prints one JSON line: p50 and p99 in milliseconds, the BLAS.

    numpy-scan.py VECTORS DIMENSION [ITERATIONS]
"""
import json
import sys
import time

import numpy as np


def blas_name():
    try:
        config = np.show_config(mode="dicts")
        blas = config.get("Build Dependencies", {}).get("blas", {})
        return f"{blas.get('name', '?')} {blas.get('version', '')}".strip()
    except Exception as e:  # older numpy: no dict mode
        return f"unknown ({e})"


def main():
    path, dimension = sys.argv[1], int(sys.argv[2])
    iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    matrix = np.fromfile(path, dtype="<f4").reshape(-1, dimension)
    rng = np.random.default_rng(7)
    times = []
    for i in range(iterations + 20):
        row = int(rng.integers(len(matrix)))
        query = matrix[row]
        started = time.perf_counter()
        scores = matrix @ query
        scores[row] = -np.inf  # the node itself, as `similar` leaves it out
        top = np.argpartition(-scores, 10)[:10]
        top = top[np.argsort(-scores[top])]
        elapsed = time.perf_counter() - started
        if i >= 20:
            times.append(elapsed)
    times.sort()
    pct = lambda p: times[min(int(len(times) * p), len(times) - 1)] * 1000
    print(json.dumps({"rows": len(matrix), "dimension": dimension, "p50_ms": pct(0.5), "p99_ms": pct(0.99),
                      "blas": blas_name(), "numpy": np.__version__}))


if __name__ == "__main__":
    main()
