# typelattice — top-level Makefile wrapping CMake.
#   make run             set up, build, run the main job
#   make test            set up, build, run every test (plain build, then ASan+UBSan)
#   make test-sanitize   the whole suite under AddressSanitizer + UndefinedBehaviorSanitizer
#   make install PREFIX=/usr/local
#   make docs            regenerate docs/ (tables, lattice SVGs, index.html, guide.md) from the build
#   make docs-test       check the docs: C example, and docs/index.html in headless Chromium (installed if missing)
SHELL := /bin/bash
PREFIX ?= /usr/local
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
VENV ?= .venv
PY ?= $(shell command -v python3)
DEB_PACKAGES := cmake gcc make pkg-config libcmocka-dev python3-venv

.PHONY: docs docs-test all setup setup-deb setup-venv build run test test-c test-sanitize test-python test-exhaustive install clean

all: build

# Install what is missing: Debian packages via apt-get, Python packages into $(VENV).
setup: setup-deb setup-venv

setup-deb:
	@missing=""; for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

setup-venv:
	@if [ ! -x $(VENV)/bin/python ]; then $(PY) -m venv $(VENV); fi
	@$(VENV)/bin/python -c "import numpy, ml_dtypes, pytest, hypothesis" 2>/dev/null || \
	  $(VENV)/bin/pip install -q --disable-pip-version-check -r python/requirements-test.txt

build: setup-deb
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/typelattice table --rules jax

test: setup
	$(MAKE) test-c
	$(MAKE) test-sanitize
	$(MAKE) test-python

test-c: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-sanitize: setup-deb
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTL_SANITIZE=ON >/dev/null
	@cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -j $(JOBS)

# All 2^32 float32 patterns into every narrow format, on every SIMD tier (2 threads).
test-exhaustive: build
	cd $(BUILD) && TL_EXHAUSTIVE=1 ./tests/test_convert_f32

# The Python package (python/, pyproject.toml): built into $(VENV) with scikit-build-core, then pytest.
test-python: setup-venv
	@$(VENV)/bin/python -c "import scikit_build_core" 2>/dev/null || \
	  $(VENV)/bin/pip install -q --disable-pip-version-check -r python/requirements-test.txt
	$(VENV)/bin/pip install -q --disable-pip-version-check --no-build-isolation --no-deps .
	$(VENV)/bin/python -m pytest -q -p no:cacheprovider python/tests

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) build-asan build-tsan

# Documentation (docs/generate.py, standard library only). Idempotent: a second
# run changes nothing. Needs Graphviz's dot (installed if missing).
docs: build
	@command -v dot >/dev/null 2>&1 || { SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq graphviz; }
	$(PY) docs/generate.py --cli $(BUILD)/typelattice

docs-test: build
	@command -v chromium >/dev/null 2>&1 || { echo "installing chromium"; SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }
	bash tests/cli_docs_example.sh $(BUILD)/typelattice .
	TL_DOCS_REQUIRE_CHROMIUM=1 bash tests/cli_docs_chromium.sh $(BUILD)/typelattice .
