# The two commands of the README's Quick start: `make play` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN = $(VENV)/bin
STAMP = $(VENV)/.installed-stamp

.PHONY: play test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The web table at http://127.0.0.1:8000 (bones play GAME is the terminal version).
play: $(STAMP)
	$(BIN)/bones serve

test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy src/bones/tiles.py src/bones/game.py src/bones/record.py src/bones/tournament.py src/bones/line src/bones/bots
	$(BIN)/mypy src/bones/environments.py src/bones/arena.py src/bones/arena_cli.py src/bones/tournament_ray.py src/bones/donimoes/*_encoding.py
	$(BIN)/mypy src/bones/donimoes/finder.py src/bones/bots/finder.py
	$(BIN)/mypy src/bones/donimoes/tetra_*.py src/bones/donimoes/tetradominoes.py
	$(BIN)/mypy src/bones/web
	$(BIN)/mypy src/bones/donimoes/runners.py src/bones/donimoes/runners_kernel.py
	$(BIN)/mypy src/bones/bingo
	$(BIN)/mypy src/bones/puzzles

unit: $(STAMP)
	$(BIN)/python -m pytest -n 2 README.md tests

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/strength_finder.py --games 2000
	$(BIN)/python bench/puzzles.py
	$(BIN)/python bench/strength_tetradominoes.py --deals 200 --timing 10 --solitaire 100

clean:
	rm -rf $(VENV) build src/*.egg-info
