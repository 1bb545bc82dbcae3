# BoxKit's commands; CI runs these (see .ci/run).
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CHECK_BUILD = .build-check
DOCS_BUILD = .build-docs
CBOX_OBJECTS = $(CHECK_BUILD)/debug/CBoxTable.build/*.o $(CHECK_BUILD)/debug/CBoxRuntime.build/*.o

CLANG ?= $(dir $(shell command -v $(SWIFT)))clang
FUZZ_SECONDS ?= 60
SANITIZE_UB = -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=all \
	-Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined

.PHONY: deps build test test-as-apple check consumer lint symbols c-imports floor documented docs showroom \
	bench bench-build-cost bench-quick bench-check bench-guards-record tsan tsan-as-apple asan valgrind fuzz \
	reliability clean

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
	@# The box-per-test suite runs 100 tests in parallel; run it 19 more times, so a race shows.
	for run in $$(seq 2 20); do $(SWIFT) test --skip-build --filter BoxKitTestingTests > /dev/null || exit 1; done
	@echo "test: the box-per-test suite passed 20 runs"
	@# How a shared instance is kept must not depend on where a cast is folded, and a class registered from
	@# generic code must resolve as one registered directly, which only an optimised build (specialised and
	@# merged resolves) shows (SharedInstanceShapeTests, ObjectRegistrationTests); and a misuse of the API must
	@# name what was wrong in an optimised build too, where `precondition` prints nothing (the exit tests of
	@# PerArgumentsLifetimeTests, AsyncWeakLifetimeTests, ResetTests, IsolationTests): run them in release too.
	$(SWIFT) test -c release --scratch-path .build-release-tests --filter \
		'SharedInstanceShapeTests|ObjectRegistrationTests|PerArgumentsLifetimeTests|AsyncWeakLifetimeTests|ResetTests|IsolationTests'

## test-as-apple: every test with the C branches Apple platforms build, taken here by build settings: the
## project's own XXH3 instead of the xxHash library's, as an app target built by Xcode without Homebrew hashes
## (CBOX_OWN_XXH3; the differential hash tests need the library, so they skip); readers that fence themselves
## instead of a writer's membarrier (CBOX_NO_MEMBARRIER); cbox_lock as a plain pthread mutex (CBOX_PTHREAD_LOCK);
## and a simulator build, as an app is most often built while it is developed (BOXKIT_AS_SIMULATOR: the
## `.simulator` context applies)
APPLE_SETTINGS = CBOX_OWN_XXH3 CBOX_NO_MEMBARRIER CBOX_PTHREAD_LOCK BOXKIT_AS_SIMULATOR
AS_APPLE = $(foreach setting,$(APPLE_SETTINGS),-Xcc -D$(setting)=1 -Xswiftc -D$(setting))
test-as-apple: deps
	$(SWIFT) test --scratch-path .build-as-apple $(AS_APPLE)

## tsan-as-apple: the whole suite under ThreadSanitizer with Apple's branches (see test-as-apple)
tsan-as-apple: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan-as-apple $(AS_APPLE)

## check: warnings as errors, the C symbol-prefix check, swift format lint, no undocumented public API, and the
## consumer package that depends on BoxKit by URL
check: deps
	$(SWIFT) build --build-tests --scratch-path $(CHECK_BUILD) -Xswiftc -warnings-as-errors \
		-Xcc -Werror -Xcc -Wall -Xcc -Wextra
	$(MAKE) symbols c-imports floor lint documented consumer

## consumer: a package outside this one that depends on BoxKit by a git URL (Examples/Consumer), built, run and
## tested against a bare clone of this checkout at its HEAD commit, importing BoxKit, BoxKitAwait and
## BoxKitTesting as an app's package does (the clone's name gives the package its identity, BoxKit)
CONSUMER_BUILD = $(CURDIR)/.build-consumer
CONSUMER = cd Examples/Consumer && BOXKIT_URL=file://$(CONSUMER_BUILD)/BoxKit.git \
	BOXKIT_REVISION=$$(git rev-parse HEAD) $(SWIFT)
consumer: deps
	rm -rf $(CONSUMER_BUILD)/BoxKit.git
	git clone --quiet --bare $(CURDIR) $(CONSUMER_BUILD)/BoxKit.git
	$(CONSUMER) run --scratch-path $(CONSUMER_BUILD)/build garage
	$(CONSUMER) test --scratch-path $(CONSUMER_BUILD)/build

## documented: every public symbol of BoxKit and of the showroom example has a doc comment, read from the
## symbol graph (enum cases and protocol requirements included, which swift format's rule does not see)
## (dump-symbol-graph also emits graphs for the test runner's modules, so the tests must be built first; in
## the default scratch path that `make test` uses, this costs nothing after it)
documented: deps
	$(SWIFT) build --build-tests
	$(SWIFT) package dump-symbol-graph --skip-synthesized-members
	$(SWIFT) .ci/undocumented.swift .build BoxKit BoxKitAwait BoxKitTesting ShowroomScenario

## floor: Package.swift declares iOS 17 / macOS 14 / tvOS 17 / watchOS 10 / visionOS 1, and no Swift file uses
## an API that .ci/above-floor.txt lists as newer (Synchronization among them): read, since no Apple SDK is here
floor:
	@bash .ci/floor.sh

## c-imports: only these thin wrappers import a C module; each owns one concern (ARCHITECTURE.md)
C_WRAPPERS = \
	Sources/BoxKit/Contexts/_ProcessFacts.swift \
	Sources/BoxKit/Providers/_ProviderState+Lookup.swift \
	Sources/BoxKit/Lifetimes/_CreationMonitor.swift \
	Sources/BoxKit/Resolution/Box+Lookup.swift \
	Sources/BoxKit/Resolution/Box+LookupEnd.swift \
	Sources/BoxKit/Resolution/_ResolutionThread.swift \
	Sources/BoxKit/Resolution/_ResolutionThread+Creations.swift \
	Sources/BoxKit/Resolution/_ResolutionThread+Recording.swift \
	Sources/BoxKit/Storage/_HashTableStorage.swift \
	Sources/BoxKit/Storage/_RetireList.swift \
	Sources/BoxKit/Storage/_ServiceKey.swift \
	Sources/BoxKit/Support/_Atomic.swift \
	Sources/BoxKit/Support/_Lock.swift
c-imports:
	@found=$$(grep -rlE '^ *(@_implementationOnly +|(internal|package|public) +)?import +(CBoxTable|CBoxRuntime|CBoxAtomics|Clibxxhash)' \
		Sources --include='*.swift' | sort); \
	expected=$$(printf '%s\n' $(C_WRAPPERS) | sort); \
	if [ "$$found" != "$$expected" ]; then \
		echo "c-imports: the Swift files that import a C module are not the wrappers listed in the Makefile"; \
		echo "found:"; echo "$$found"; echo "listed:"; echo "$$expected"; exit 1; fi; \
	echo "c-imports: only the $(words $(C_WRAPPERS)) listed wrappers import a C module"

symbols:
	@bad=$$(nm -g --defined-only $(CBOX_OBJECTS) | awk 'NF == 3 {print $$3}' | grep -v '^cbox_' || true); \
	if [ -n "$$bad" ]; then echo "symbols: C symbols without the cbox_ prefix:"; echo "$$bad"; exit 1; fi; \
	echo "symbols: every exported C symbol starts with cbox_"

## lint: swift format lint --strict; .swift-format makes an undocumented public declaration an error
lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests Examples \
		Benchmarks/Package.swift Benchmarks/Sources Benchmarks/Suites/Package.swift Benchmarks/Suites/Benchmarks
	@echo "lint: swift format found nothing"

## docs: the DocC catalogue (Sources/BoxKit/BoxKit.docc) and BoxKitAwait's, with warnings as errors;
## BOXKIT_DOCS adds the plugin
docs: deps
	BOXKIT_DOCS=1 $(SWIFT) package --scratch-path $(DOCS_BUILD) generate-documentation --target BoxKit \
		--target BoxKitAwait --warnings-as-errors
	@echo "docs: $(DOCS_BUILD)/plugins/Swift-DocC/outputs/{BoxKit,BoxKitAwait}.doccarchive"

## showroom: the SwincyBox README's showroom, wired with BoxKit (swift run showroom)
showroom: deps
	$(SWIFT) run showroom

## tsan: the whole test suite under ThreadSanitizer (the C table's churn tests run 50,000 cycles there, not
## 1,000,000)
tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

## asan: the whole test suite under AddressSanitizer (with LeakSanitizer) and UBSan on the C table, then the
## 1,000,000-registration leak-check executable under the same sanitizers
asan: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/.lsan-suppressions $(SWIFT) test --sanitize=address \
		--scratch-path .build-asan -Xswiftc -use-ld=lld $(SANITIZE_UB)
	$(SWIFT) build --product BoxKitLeakCheck --sanitize=address --scratch-path .build-asan -Xswiftc -use-ld=lld \
		$(SANITIZE_UB)
	LSAN_OPTIONS=suppressions=$(CURDIR)/.lsan-suppressions .build-asan/debug/BoxKitLeakCheck

## valgrind: 1,000,000 registrations registered, resolved, replaced and cleared, with no definite leak
valgrind: deps
	$(SWIFT) build -c release --product BoxKitLeakCheck --scratch-path .build-valgrind -Xcc -gdwarf-4
	valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
		.build-valgrind/release/BoxKitLeakCheck

## fuzz: libFuzzer over the C table alone (FUZZ_SECONDS, default 60), with ASan and UBSan
fuzz: deps
	mkdir -p .build-fuzz/corpus
	$(CLANG) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-ISources/CBoxTable/include -ISources/CBoxTable $$(pkg-config --cflags libxxhash) \
		Fuzz/cbox_table_fuzz.c $(wildcard Sources/CBoxTable/*.c) \
		$$(pkg-config --libs libxxhash) -fuse-ld=lld -o .build-fuzz/cbox_table_fuzz
	.build-fuzz/cbox_table_fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=4096 \
		-artifact_prefix=.build-fuzz/ .build-fuzz/corpus

## reliability: every sanitizer, valgrind and a fuzz run
reliability: tsan tsan-as-apple asan valgrind fuzz

## bench: what the app graph's wiring costs to build and ship (bench-build-cost), which also builds the wiring
## modules the report links; then the benchmark report (release build, separate module), written to
## bench-results.*, with that section appended to bench-results.md, then what the hot path paid for smaller wiring
## (Benchmarks/BuildCost/hot_path_trade.py). Only the report's executables are built: it spawns the Launch* ones
## built beside it
REPORT_PRODUCTS = BoxKitReport LaunchEmpty LaunchFloor LaunchBoxKit LaunchDictionary LaunchSwinject
BUILD_REPORT = cd Benchmarks && for product in $(REPORT_PRODUCTS); do \
	$(SWIFT) build -c release --product $$product || exit 1; done
RUN_REPORT = cd Benchmarks && BOXKIT_COMMIT=$$(git describe --always --dirty 2>/dev/null) \
	$(SWIFT) run -c release --skip-build BoxKitReport
bench: deps
	$(MAKE) bench-build-cost
	$(BUILD_REPORT)
	$(RUN_REPORT)
	printf '\n' >> bench-results.md && cat Benchmarks/.build/build-cost.md >> bench-results.md
	printf '\n' >> bench-results.md && python3 Benchmarks/BuildCost/hot_path_trade.py --results bench-results.csv \
		>> bench-results.md

## bench-build-cost: machine code and release and debug build times of the app graph's generated wiring at 300
## and 3,000 services, for BoxKit, Swinject and the hand-written floor, each module built alone in the Benchmarks
## package (written to Benchmarks/.build/build-cost.md; see Benchmarks/BuildCost/build_cost.py)
bench-build-cost: deps
	python3 Benchmarks/BuildCost/build_cost.py --markdown Benchmarks/.build/build-cost.md

## bench-quick: a shorter report, as CI runs it (OUT: where to write it; default the repository root)
OUT ?= .
bench-quick: deps
	mkdir -p $(OUT)
	$(BUILD_REPORT)
	$(RUN_REPORT) --quick --out $(abspath $(OUT))

## bench-check: the guards first, since they are deterministic: each guarded operation's instructions
## (callgrind) within 3% of Benchmarks/Thresholds/instructions.txt (see bench-guards-record); then the
## package-benchmark suites (a package of their own, Benchmarks/Suites) against Benchmarks/Suites/Thresholds:
## allocation counts strictly, wall clock within 3x of the recorded p90 (re-record both with `swift package
## --allow-writing-to-package-directory benchmark thresholds update --path Thresholds` in Benchmarks/Suites/, on
## this project's machine)
bench-check: deps
	Benchmarks/guards.sh check
	cd Benchmarks/Suites && $(SWIFT) package benchmark --no-progress
	cd Benchmarks/Suites && $(SWIFT) package benchmark thresholds check --path Thresholds --no-progress

## bench-guards-record: re-record Benchmarks/Thresholds/instructions.txt on the current code (commit it, saying
## why in the message when a count rises)
bench-guards-record: deps
	Benchmarks/guards.sh record

clean:
	rm -rf .build .build-* Benchmarks/.build
