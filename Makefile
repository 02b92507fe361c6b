# typelattice — top-level Makefile wrapping CMake.
#   make run             set up, build, run the main job
#   make test            set up, build, run every test (plain build, ASan+UBSan, valgrind, TSan)
#   make test-sanitize   the whole suite under AddressSanitizer + UndefinedBehaviorSanitizer
#   make test-valgrind   the C unit tests and fuzz replays under valgrind memcheck
#   make test-tsan       tests/test_threads.c, tests/test_convert_threads.c under ThreadSanitizer
#   make test-aarch64    the NEON tier: cross-compiled for AArch64, checked under qemu-user
#   make fuzz            every libFuzzer target for FUZZ_SECONDS seconds (fuzz/run.sh)
#   make conformance     check against the live frameworks (creates .venv-ref/ with the pinned versions)
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
DEB_TEST_PACKAGES := valgrind chromium graphviz
# the AArch64 cross toolchain and qemu-user for test-aarch64
DEB_TEST_PACKAGES += gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user

.PHONY: docs docs-test all setup setup-deb setup-deb-test setup-venv conformance build run test test-c test-sanitize test-python test-exhaustive install clean fuzz test-valgrind test-tsan test-aarch64

all: build

# Install what is missing: Debian packages via apt-get, Python packages into $(VENV).
# DEB_PACKAGES build the library and CLI (make, make run); DEB_TEST_PACKAGES are what the
# tests use on top (valgrind for test-valgrind, Chromium for the docs page test, Graphviz for
# the lattice pictures): make test installs both, so no test skips for want of a tool.
setup: setup-deb-test setup-venv

define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi
endef

setup-deb:
	$(call apt_install,$(DEB_PACKAGES))

setup-deb-test:
	$(call apt_install,$(DEB_PACKAGES) $(DEB_TEST_PACKAGES))

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
	$(MAKE) test-valgrind
	$(MAKE) test-tsan
	$(MAKE) test-aarch64
	$(MAKE) test-python

test-c: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-sanitize: setup-deb
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTL_SANITIZE=ON >/dev/null
	@cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -j $(JOBS)

# All 2^32 float32 patterns into every narrow format on every SIMD tier, checked
# against the test reference computed once per pattern (2 threads; ~30-45 min).
# TL_EXHAUSTIVE_TIERS=avx2 (a comma list) checks only the named tiers.
test-exhaustive: build
	cd $(BUILD) && TL_EXHAUSTIVE=1 ./tests/test_convert_f32

# valgrind runs every test target through CMake's test emulator; the CLI/script
# tests and the tests listed in VALGRIND_EXCLUDE (long, compute-bound: the conversion
# kernels sweep millions of values, test_rules_fastpath compares ~10 million promotions;
# the plain and ASan+UBSan runs cover them; test_convert_ref because
# valgrind emulates cvtsi2ss r64 with double rounding: int64 0x1000001000000001 -> float32
# gives 0x5d800000 under valgrind, 0x5d800001 on the CPU; test_convert_simd compares
# the SIMD tiers, which round such values correctly, with that scalar cast; the *_avx512base
# runs are the same two programs; tier_check compares the tiers with that scalar cast too) are skipped.
# test_binary runs with its reference values unchecked (TL_UNDER_VALGRIND): valgrind emulates
# neither MXCSR's FTZ/DAZ (JAX's and TensorFlow's flushing) nor the sign of an exact-zero fma.
VALGRIND ?= valgrind --error-exitcode=1 --leak-check=full --track-origins=yes --quiet
VALGRIND_EXCLUDE ?= ^(cli_.*|reference_data|test_convert|test_convert_f32|test_convert_ref|test_convert_simd|test_convert_avx512base|test_convert_simd_avx512base|test_rules_fastpath|tier_check)$$
test-valgrind: setup-deb-test
	@cmake -S . -B build-valgrind -DCMAKE_BUILD_TYPE=Debug \
	  "-DCMAKE_CROSSCOMPILING_EMULATOR=$$(echo $(VALGRIND) | tr ' ' ';')" >/dev/null
	@cmake --build build-valgrind -j $(JOBS)
	cd build-valgrind && TL_THREADS_ROUNDS=1 TL_UNDER_VALGRIND=1 ctest --output-on-failure -j $(JOBS) -E '$(VALGRIND_EXCLUDE)'

test-tsan: setup-deb
	@cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DTL_TSAN=ON >/dev/null
	@cmake --build build-tsan -j $(JOBS) --target test_threads test_convert_threads
	cd build-tsan && TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 TL_THREADS_ROUNDS=1 ctest --output-on-failure -R '^test_(convert_)?threads$$'

FUZZ_SECONDS ?= 60
fuzz:
	@cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DTL_SANITIZE=ON \
	  -DTL_LIBFUZZER=ON -DTL_BUILD_TESTS=OFF -DCMAKE_C_FLAGS=-fsanitize=fuzzer-no-link >/dev/null
	@cmake --build build-fuzz -j $(JOBS) --target fuzz_all
	fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(JOBS)
# The Python package (python/, pyproject.toml): built into $(VENV) with scikit-build-core, then pytest.
test-python: setup-venv
	@$(VENV)/bin/python -c "import scikit_build_core" 2>/dev/null || \
	  $(VENV)/bin/pip install -q --disable-pip-version-check -r python/requirements-test.txt
	$(VENV)/bin/pip install -q --disable-pip-version-check --no-build-isolation --no-deps .
	$(VENV)/bin/python -m pytest -q -p no:cacheprovider python/tests

# The live check against the real frameworks (pinned versions from PyPI, created in .venv-ref/ on
# first use): regenerate every reference file, check the build against it, report drift from the
# committed data, run the Python tests (incl. live JAX/PyTorch conformance) with those frameworks.
conformance: build
	bash tools/conformance.sh $(BUILD)

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) build-asan build-tsan build-fuzz build-valgrind build-python build-conformance build-aarch64 build-aarch64-asan

# Documentation (docs/generate.py, standard library only). Idempotent: a second
# run changes nothing. Needs Graphviz's dot (installed if missing).
docs: build
	@command -v dot >/dev/null 2>&1 || { SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq graphviz; }
	$(PY) docs/generate.py --cli $(BUILD)/typelattice

docs-test: build setup-deb-test
	bash tests/cli_docs_example.sh $(BUILD)/typelattice .
	bash tests/cli_docs_pages.sh $(BUILD)/typelattice .
	TL_DOCS_REQUIRE_CHROMIUM=1 bash tests/cli_docs_chromium.sh $(BUILD)/typelattice .

# The NEON tier: the library and tests/tier_check.c cross-compiled with Debian's
# aarch64-linux-gnu-gcc (cmake/aarch64-linux-gnu.cmake) and run under qemu-aarch64,
# comparing every pair bit for bit with the scalar tier: on qemu's "max" CPU
# (FP16, BF16: BFCVTN), with TYPELATTICE_NEON_BASE=1 (no BFCVTN), and on a
# Cortex-A57 (ARMv8.0: no FP16 arithmetic, no BF16). Without the cross compiler
# or qemu it says so and skips (make test installs both: DEB_TEST_PACKAGES). Last, the
# same check built with ASan+UBSan.
AARCH64_SYSROOT ?= /usr/aarch64-linux-gnu
test-aarch64:
	@if ! command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || ! command -v qemu-aarch64 >/dev/null 2>&1 \
	    || [ ! -d $(AARCH64_SYSROOT) ]; then \
	  echo "test-aarch64: SKIPPED: needs aarch64-linux-gnu-gcc, qemu-aarch64 and $(AARCH64_SYSROOT)" \
	       "(apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)"; \
	  exit 0; \
	fi; \
	set -e; \
	cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake \
	  -DCMAKE_BUILD_TYPE=Release -DTL_TIER_CHECK_ONLY=ON -DTL_CROSS_SYSROOT=$(AARCH64_SYSROOT) >/dev/null; \
	cmake --build build-aarch64 -j $(JOBS); \
	(cd build-aarch64 && ctest --output-on-failure -j $(JOBS)); \
	echo "tier_check on an emulated Cortex-A57 (no FP16 arithmetic, no BF16):"; \
	qemu-aarch64 -cpu cortex-a57 -L $(AARCH64_SYSROOT) build-aarch64/tests/tier_check --require neon --quick; \
	echo "tier_check under ASan+UBSan (LeakSanitizer cannot run under qemu-user: detect_leaks=0):"; \
	cmake -S . -B build-aarch64-asan -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake -DCMAKE_BUILD_TYPE=Debug \
	  -DTL_SANITIZE=ON -DTL_TIER_CHECK_ONLY=ON -DTL_CROSS_SYSROOT=$(AARCH64_SYSROOT) >/dev/null; \
	cmake --build build-aarch64-asan -j $(JOBS) --target tier_check; \
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  qemu-aarch64 -L $(AARCH64_SYSROOT) build-aarch64-asan/tests/tier_check --require neon --quick
