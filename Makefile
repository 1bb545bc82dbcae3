# BoxKit's commands; CI runs these (see .ci/run).
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CHECK_BUILD = .build-check
CBOX_OBJECTS = $(CHECK_BUILD)/debug/CBoxTable.build

.PHONY: deps build test check lint symbols bench bench-quick bench-check clean

## deps: install libxxhash-dev and pkg-config when they are missing (apt), or say how (Homebrew)
deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libxxhash; then \
		echo "deps: libxxhash $$(pkg-config --modversion libxxhash) found"; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "deps: installing libxxhash-dev and pkg-config with apt-get"; \
		$(SUDO) apt-get update && $(SUDO) apt-get install -y libxxhash-dev pkg-config; \
	elif command -v brew >/dev/null 2>&1; then \
		echo "deps: run 'brew install xxhash pkg-config', then try again"; exit 1; \
	else \
		echo "deps: install xxHash (libxxhash-dev, or xxhash from your package manager) and pkg-config"; exit 1; \
	fi

## build: debug build of the library
build: deps
	$(SWIFT) build

## test: every test (C table, behaviour suite on both backends, concurrency)
test: deps
	$(SWIFT) test

## check: warnings as errors, the C symbol-prefix check, and swift format lint
check: deps
	$(SWIFT) build --build-tests --scratch-path $(CHECK_BUILD) -Xswiftc -warnings-as-errors \
		-Xcc -Werror -Xcc -Wall -Xcc -Wextra
	$(MAKE) symbols lint

symbols:
	@bad=$$(nm -g --defined-only $(CBOX_OBJECTS)/*.o | awk 'NF == 3 {print $$3}' | grep -v '^cbox_' || true); \
	if [ -n "$$bad" ]; then echo "symbols: C symbols without the cbox_ prefix:"; echo "$$bad"; exit 1; fi; \
	echo "symbols: every exported C symbol starts with cbox_"

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources
	@echo "lint: swift format found nothing"

## bench: the benchmark report (release build, separate module), written to bench-results.*
bench: deps
	cd Benchmarks && $(SWIFT) run -c release BoxKitReport

## bench-quick: a shorter report, as CI runs it
bench-quick: deps
	cd Benchmarks && $(SWIFT) run -c release BoxKitReport --quick

clean:
	rm -rf .build Benchmarks/.build
