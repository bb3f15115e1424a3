.PHONY: all test lint clean

PY ?= python3

all: lint test

test:
	$(PY) -m pytest -q

lint:
	ruff check src tests

clean:
	rm -rf build dist *.egg-info
