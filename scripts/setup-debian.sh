#!/usr/bin/env bash
# Installs the Debian packages the build and the tests need, only when some are missing.
set -euo pipefail

packages=(build-essential pkg-config curl ca-certificates python3 python3-pip python3-venv unzip
  # the Tauri window (webkit2gtk 4.1, GTK 3) and its bundler
  libwebkit2gtk-4.1-dev libgtk-3-dev libsoup-3.0-dev librsvg2-dev file libdbus-1-dev
  # the local language model: llama.cpp, built from source by llama-cpp-sys-2 (cmake, libclang)
  cmake clang libclang-dev
  # the end-to-end test: a virtual display, WebKit's WebDriver, desktop-entry tools
  xvfb webkit2gtk-driver desktop-file-utils xdotool dbus-x11
  # documents: OCR of scans (Tesseract, English) and PDF pages as images (pdftoppm); the tests
  # render their scans with ImageMagick-free tools: a font for text drawn into images
  tesseract-ocr tesseract-ocr-eng poppler-utils fonts-dejavu-core
  # fillable court forms (crates/forms): the tests read filled fields back with qpdf's JSON and
  # make encrypted forms with it
  qpdf
  # reminders and the calendar file: the time zones (the tests run the server in America/New_York)
  tzdata
  # the case file's encryption: SQLCipher (bundled by rusqlite) links the system's libcrypto
  libssl-dev
  # the tray icon (Show / Quit) the app runs hidden in: loaded at run time by the tray library
  libayatana-appindicator3-1)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: missing packages (${missing[*]}) and no apt-get to install them" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
