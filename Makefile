# sandjar — the doors: `make site`, `make test` (and `make bench` once there is something to time).
SWIFT   ?= swift
DEBS    := libcmark-dev libchipmunk-dev pkg-config
RELEASE := .build/release/sandjar

.PHONY: deps build site test lint clean

# Installs the Debian packages sandjar links against when they are missing: with apt-get when
# running as root, otherwise it prints the exact command to run.
deps:
	@missing=""; for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "sandjar needs:$$missing"; echo "run: sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build -c release --product sandjar

# Renders the sample data folder content/ into public/.
site: build
	$(RELEASE) build content --out public --templates templates

test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

# swift-format with the project's .swift-format; warnings fail the run.
lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

clean:
	rm -rf .build public public.lock .sandjar-cache
