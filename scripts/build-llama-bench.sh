#!/usr/bin/env bash
# Builds llama.cpp's own `llama-bench` from the llama.cpp sources that proseva-llm is compiled from,
# so `llm-bench` can set proseva-llm's speed beside llama.cpp's on the same engine:
#
#   scripts/build-llama-bench.sh            # prints the path of the binary on its last line
#
# - The engine: the llama.cpp tree vendored in the llama-cpp-sys-2 crate that Cargo.lock pins
#   (~/.cargo/registry/src/*/llama-cpp-sys-2-<version>/llama.cpp; `cargo fetch` puts it there).
#   ggml, llama and llama-common are compiled from it, unchanged.
# - The benchmark driver: the crate leaves llama.cpp's tools out of its package, so
#   tools/llama-bench (llama-bench.cpp, main.cpp, CMakeLists.txt) is taken from PyPI's
#   llama-cpp-python sdist (pinned version and sha256), whose vendored llama.cpp is a close
#   version: the driver only times llama_decode calls, and compiles against the crate's headers.
# - The flags: those of the llama-cpp-sys-2 build in $CARGO_TARGET_DIR's release profile, read
#   from its CMakeCache.txt (build type, C/C++ flags, GGML_NATIVE, GGML_OPENMP, the instruction
#   sets, …). Without that build, the same rules as the crate's build.rs: CMake profile
#   RelWithDebInfo when the workspace's release profile has debug info (Cargo then sets
#   DEBUG=true), Release otherwise; GGML_NATIVE=OFF (no target-cpu=native in RUSTFLAGS);
#   GGML_OPENMP=OFF (proseva-llm takes llama-cpp-2 without default features); static libraries.
#   CPU only.
#
# Output in ${LLAMA_BENCH_DIR:-$HOME/.cache/proseva/llama-bench}: bin/llama-bench and `stamp`
# (the crate version, the driver's source and the flags). When the stamp matches, nothing is
# rebuilt. Needs cmake, a C/C++ compiler and python3 with pip (scripts/setup-debian.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

# The sdist whose tools/llama-bench is compiled (76 MB; only three files are unpacked).
DRIVER_PACKAGE=llama-cpp-python
DRIVER_VERSION=0.3.36
DRIVER_SHA256=832db0699007f1be95a7e41ef12e88926b02ba836461e36a36372db2760c1a2e

OUT="${LLAMA_BENCH_DIR:-$HOME/.cache/proseva/llama-bench}"
TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/proseva-target}"
die() { echo "build-llama-bench: error: $*" >&2; exit 1; }
say() { echo "build-llama-bench: $*" >&2; }

for tool in cmake c++ cc python3; do
  command -v "$tool" >/dev/null || die "$tool is missing (make setup installs it)"
done

# The version Cargo.lock pins, and its sources in Cargo's registry.
version="$(awk '/^name = "llama-cpp-sys-2"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
[[ -n "$version" ]] || die "Cargo.lock names no llama-cpp-sys-2"
find_sources() { ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/"llama-cpp-sys-2-$version"/llama.cpp 2>/dev/null | head -n 1; }
src="$(find_sources)"
if [[ -z "$src" ]]; then
  say "fetching the crates (llama-cpp-sys-2 $version is not unpacked yet)"
  cargo fetch --locked >/dev/null || die "cargo fetch failed"
  src="$(find_sources)"
fi
[[ -f "$src/CMakeLists.txt" ]] || die "no llama.cpp sources for llama-cpp-sys-2 $version in Cargo's registry"

# The flags: from the crate's own CMake cache when the release build has run.
cache=""
for c in $(ls -t "$TARGET_DIR"/release/build/llama-cpp-sys-2-*/out/build/CMakeCache.txt 2>/dev/null); do
  if grep -qxF "CMAKE_HOME_DIRECTORY:INTERNAL=$src" "$c"; then cache="$c"; break; fi
done
read_cache() { sed -n "s/^$1:[A-Z]*=//p" "$cache" | head -n 1; }
flags=()
if [[ -n "$cache" ]]; then
  say "using the flags of $cache"
  flags+=("-DCMAKE_BUILD_TYPE=$(read_cache CMAKE_BUILD_TYPE)")
  flags+=("-DCMAKE_C_FLAGS=$(read_cache CMAKE_C_FLAGS)" "-DCMAKE_CXX_FLAGS=$(read_cache CMAKE_CXX_FLAGS)")
  for option in BUILD_SHARED_LIBS GGML_NATIVE GGML_OPENMP GGML_LLAMAFILE GGML_CPU_REPACK GGML_SSE42 GGML_AVX GGML_AVX2 \
    GGML_AVX_VNNI GGML_BMI2 GGML_FMA GGML_F16C GGML_AVX512 GGML_AVX512_VBMI GGML_AVX512_VNNI GGML_AVX512_BF16; do
    value="$(read_cache "$option")"
    [[ -n "$value" ]] && flags+=("-D$option=$value")
  done
else
  say "no release build of llama-cpp-sys-2 $version in $TARGET_DIR: using its build.rs's rules"
  debug="$(awk '/^\[profile.release\]/ { on = 1; next } /^\[/ { on = 0 } on && /^debug *=/ { sub(/^debug *= */, ""); gsub(/"/, ""); print }' Cargo.toml)"
  case "${debug:-0}" in 0|false|none) build_type=Release ;; *) build_type=RelWithDebInfo ;; esac
  # cc's flags for x86_64 (what build.rs's cmake::Config passes), elsewhere none.
  base=""
  [[ "$(uname -m)" == x86_64 ]] && base="-ffunction-sections -fdata-sections -fPIC -m64 -march=x86-64"
  flags+=("-DCMAKE_BUILD_TYPE=$build_type" "-DCMAKE_C_FLAGS=$base" "-DCMAKE_CXX_FLAGS=$base")
  flags+=(-DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=OFF -DGGML_OPENMP=OFF)
fi
flags+=(-DGGML_CUDA=OFF -DGGML_VULKAN=OFF -DGGML_METAL=OFF -DGGML_BLAS=OFF -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF)

stamp="llama-cpp-sys-2 $version
driver $DRIVER_PACKAGE $DRIVER_VERSION $DRIVER_SHA256
$(c++ --version | head -n 1)
$(printf '%s\n' "${flags[@]}")"
if [[ -x "$OUT/bin/llama-bench" && -f "$OUT/stamp" && "$(cat "$OUT/stamp")" == "$stamp" ]]; then
  say "llama-bench for llama-cpp-sys-2 $version is already built"
  echo "$OUT/bin/llama-bench"
  exit 0
fi

started=$SECONDS
mkdir -p "$OUT"
rm -rf "$OUT/build" "$OUT/driver" "$OUT/bin" "$OUT/stamp"
work="$(mktemp -d "$OUT/.download.XXXXXX")"
trap 'rm -rf "$work"' EXIT

say "downloading $DRIVER_PACKAGE==$DRIVER_VERSION (the sdist, for tools/llama-bench)"
python3 -m pip download --no-deps --no-binary=:all: --disable-pip-version-check -q \
  --dest "$work" "$DRIVER_PACKAGE==$DRIVER_VERSION" || die "pip could not download $DRIVER_PACKAGE==$DRIVER_VERSION (is PyPI reachable?)"
sdist="$work/llama_cpp_python-$DRIVER_VERSION.tar.gz"
[[ -f "$sdist" ]] || die "the download did not produce $(basename "$sdist")"
[[ "$(sha256sum "$sdist" | cut -d' ' -f1)" == "$DRIVER_SHA256" ]] || die "sha256 mismatch for $(basename "$sdist")"
mkdir -p "$OUT/driver"
tar -xzf "$sdist" -C "$OUT/driver" --strip-components=4 \
  "llama_cpp_python-$DRIVER_VERSION/vendor/llama.cpp/tools/llama-bench/llama-bench.cpp" \
  "llama_cpp_python-$DRIVER_VERSION/vendor/llama.cpp/tools/llama-bench/main.cpp" \
  "llama_cpp_python-$DRIVER_VERSION/vendor/llama.cpp/tools/llama-bench/CMakeLists.txt" || die "the sdist has no tools/llama-bench"
[[ -f "$OUT/driver/llama-bench/llama-bench.cpp" ]] || die "tools/llama-bench did not unpack"

# A project of two parts: the crate's llama.cpp (libraries only, as the crate builds it) and the
# driver, linked against it.
mkdir -p "$OUT/project"
cat >"$OUT/project/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.14)
project(proseva-llama-bench C CXX)
set(LLAMA_BUILD_COMMON ON CACHE BOOL "" FORCE)
set(LLAMA_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(LLAMA_BUILD_EXAMPLES OFF CACHE BOOL "" FORCE)
set(LLAMA_BUILD_SERVER OFF CACHE BOOL "" FORCE)
set(LLAMA_BUILD_TOOLS OFF CACHE BOOL "" FORCE)
set(LLAMA_BUILD_APP OFF CACHE BOOL "" FORCE)
set(LLAMA_TOOLS_INSTALL OFF CACHE BOOL "" FORCE)
add_subdirectory("$src" llama.cpp)
add_subdirectory("$OUT/driver/llama-bench" llama-bench)
EOF

jobs="$(nproc 2>/dev/null || echo 2)"
say "configuring (${flags[*]})"
cmake -S "$OUT/project" -B "$OUT/build" -Wno-dev "${flags[@]}" >"$OUT/configure.log" 2>&1 || { tail -n 30 "$OUT/configure.log" >&2; die "cmake configure failed (log: $OUT/configure.log)"; }
say "building llama-bench with $jobs jobs"
cmake --build "$OUT/build" --target llama-bench -j "$jobs" >"$OUT/build.log" 2>&1 || { tail -n 30 "$OUT/build.log" >&2; die "the build failed (log: $OUT/build.log)"; }
mkdir -p "$OUT/bin"
bin="$(find "$OUT/build" -type f -name llama-bench -perm -u+x | head -n 1)"
[[ -n "$bin" ]] || die "the build produced no llama-bench"
cp "$bin" "$OUT/bin/llama-bench"
printf '%s\n' "$stamp" >"$OUT/stamp"
say "built llama-bench for llama-cpp-sys-2 $version in $((SECONDS - started)) s"
echo "$OUT/bin/llama-bench"
