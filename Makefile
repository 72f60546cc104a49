# The two commands of the README's Quick start: `make play` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
STAMP = $(VENV)/.installed-stamp

.PHONY: play test check lint typecheck unit fast bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The web table at http://127.0.0.1:8000 (bones play GAME is the terminal version).
play: $(STAMP)
	$(BIN)/bones serve

test: $(STAMP) lint typecheck unit

# The inner loop, under two minutes: lint, types and the fast tests (no browser, no server, no suite over every
# game and variant: those are marked slow or live in tests/web, and make test runs them all).
check: $(STAMP) lint typecheck fast

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy src

unit: $(STAMP)
	$(BIN)/python -m pytest -n 2 --durations=25 README.md tests

fast: $(STAMP)
	$(BIN)/python -m pytest -n 2 -q -m "not slow" --ignore=tests/web tests

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/strength_finder.py --games 2000
	$(BIN)/python bench/puzzles.py
	$(BIN)/python bench/strength_tetradominoes.py --deals 200 --timing 10 --solitaire 100

clean:
	rm -rf $(VENV) build src/*.egg-info
