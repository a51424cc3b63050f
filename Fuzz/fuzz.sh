#!/bin/sh
# Fuzzing the parsers (DESIGN.md §7) with libFuzzer.
#
#   Fuzz/fuzz.sh build [TARGET…]           build .fuzz/bin/fuzz-TARGET
#   Fuzz/fuzz.sh run SECONDS [TARGET…]     build, then fuzz each target for SECONDS
#
# Targets: toml, mustache, frontmatter, csv (every bank-statement format), ofx, qif and camt (each
# that reader alone, holding it to what Fuzz/statements/StatementFuzz.swift says), wallos (Wallos's
# JSON export) and zip (the zip reader `import loop` opens Loop's export with; default: all). Each
# is one entry file in
# Fuzz/TARGET/ compiled with `swiftc -sanitize=fuzzer,address` and linked against the package's
# modules it imports, compiled the same way from Sources/ (each module's own `import` lines say
# which: Basics and TOML for toml; for frontmatter and csv also Markdown over libcmark,
# BuiltinFiles, SiteData, and Statement and Subscriptions; Zip over zlib for zip), so the fuzzers
# run the shipped code.
# BuiltinFiles' generated source is written by Sources/EmbedResourcesTool, as the SwiftPM build
# plugin does.
# Corpora: what the fuzzer finds stays in .fuzz/corpus/TARGET; seeds are gathered afresh on every
# run into .fuzz/seeds/PID/TARGET (removed afterwards) from the repository (Tests/Fixtures,
# templates/, content/, Fuzz/TARGET/corpus) and from the conformance suites in $SANDJAR_SUITES
# (default ../shared/suites) and the real bank files in $SANDJAR_CORPUS (default ../shared/corpus)
# when present. Crashes, timeouts and out-of-memory inputs land in
# .fuzz/artifacts/TARGET/; the run fails when any target found one.
#
# Environment: FUZZ_JOBS targets at a time (2), FUZZ_RSS_MB memory limit per target (2048),
# FUZZ_MAX_LEN longest input in bytes (8192), SWIFTC (swiftc).
set -eu
cd "$(dirname "$0")/.."

SWIFTC=${SWIFTC:-swiftc}
FUZZ_JOBS=${FUZZ_JOBS:-2}
FUZZ_RSS_MB=${FUZZ_RSS_MB:-2048}
FUZZ_MAX_LEN=${FUZZ_MAX_LEN:-8192}
SUITES=${SANDJAR_SUITES:-../shared/suites}
CORPUS=${SANDJAR_CORPUS:-../shared/corpus}
OUT=.fuzz
ALL="toml mustache frontmatter csv ofx qif camt wallos zip"
FLAGS="-sanitize=fuzzer,address -parse-as-library -O -g -package-name sandjar"
# Where `import CCmark` and `import CZlib` find their module maps (the libraries are libcmark-dev's
# and zlib1g-dev's).
CFLAGS="-I Sources/CCmark -I Sources/CZlib"

die() { echo "fuzz: $*" >&2; exit 2; }

# Files a module or a target's entry is built from.
sources_of() {
    case $1 in
        BuiltinFiles)
            find Sources/BuiltinFiles -name '*.swift'
            echo "$OUT/build/generated/EmbeddedFiles.swift"
            ;;
        toml | mustache | frontmatter | csv | wallos | zip) find "Fuzz/$1" -name '*.swift' ;;
        ofx | qif | camt) find "Fuzz/$1" Fuzz/statements -name '*.swift' ;;
        *) find "Sources/$1" -name '*.swift' ;;
    esac
}

# The package's Swift modules the Swift files under a folder import, read from their own `import`
# lines (so this cannot fall behind Package.swift): every name that is a folder of Sources/ holding
# Swift files. CCmark and CZlib are module maps, found through CFLAGS and linked as -lcmark and -lz.
imports_in() {
    find "$1" -name '*.swift' -exec sed -n -E \
        's/^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|internal|package|private|fileprivate)[[:space:]]+)?import[[:space:]]+((struct|class|enum|protocol|func|var|let|typealias)[[:space:]]+)?([A-Za-z_]+).*/\6/p' {} + |
        sort -u | while read -r name; do
            [ -n "$(find "Sources/$name" -maxdepth 3 -name '*.swift' -print -quit 2>/dev/null)" ] && echo "$name"
        done
}

# The modules a module imports.
deps_of() { imports_in "Sources/$1"; }

# True when $1 is missing or older than any file listed on stdin.
stale() {
    [ -e "$1" ] || return 0
    while read -r file; do [ "$file" -nt "$1" ] && return 0; done
    return 1
}

# A library module, compiled with coverage and ASan, as a static archive (the modules it imports
# are built first: see build_target).
build_module() {
    module=$1
    dir=$OUT/build/modules
    mkdir -p "$dir"
    if [ "$module" = BuiltinFiles ]; then embed_resources; fi
    { sources_of "$module"; for dep in $(deps_of "$module"); do echo "$dir/lib$dep.a"; done; } \
        | stale "$dir/lib$module.a" || return 0
    echo "fuzz: building module $module"
    # SiteData is built for `@testable import`: the frontmatter fuzzer drives its internal page loader.
    testing=""
    if [ "$module" = SiteData ]; then testing="-enable-testing"; fi
    # shellcheck disable=SC2046,SC2086
    $SWIFTC $FLAGS $CFLAGS $testing -wmo -module-name "$module" -I "$dir" \
        -emit-module -emit-module-path "$dir/$module.swiftmodule" \
        -emit-library -static -o "$dir/lib$module.a" $(sources_of "$module" | sort)
}

# BuiltinFiles' generated source (templates/, starter/ and the commit), written by the same tool
# the EmbedResources build plugin runs; the tool rewrites it only when it changed.
embed_resources() {
    tool=$OUT/build/tools/EmbedResourcesTool
    mkdir -p "$OUT/build/tools" "$OUT/build/generated"
    if find Sources/EmbedResourcesTool -name '*.swift' | stale "$tool"; then
        echo "fuzz: building $tool"
        # shellcheck disable=SC2046
        $SWIFTC -O -o "$tool" $(find Sources/EmbedResourcesTool -name '*.swift' | sort)
    fi
    "$tool" . "$OUT/build/generated/EmbeddedFiles.swift"
}

# A module with the modules it imports, each once, dependencies first.
with_deps() {
    for dep in $(deps_of "$1"); do with_deps "$dep"; done
    echo "$1"
}

build_target() {
    target=$1
    binary=$OUT/bin/fuzz-$target
    case " $ALL " in *" $target "*) ;; *) die "unknown target '$target' (targets: $ALL)" ;; esac
    imports=$(imports_in "Fuzz/$target")
    # Every module it links, each once, in dependency order.
    modules=$(for module in $imports; do with_deps "$module"; done | awk '!seen[$0]++' | tr '\n' ' ')
    for module in $modules; do build_module "$module"; done
    mkdir -p "$OUT/bin"
    { sources_of "$target"; for module in $modules; do echo "$OUT/build/modules/lib$module.a"; done; } \
        | stale "$binary" || return 0
    echo "fuzz: building $binary"
    files=$(sources_of "$target" | sort)
    links=""
    for module in $modules; do links="$links -l$module"; done
    # Markdown wraps libcmark: link it after the Swift archives.
    case " $modules " in *" Markdown "*) links="$links -lcmark" ;; esac
    # Zip wraps zlib.
    case " $modules " in *" Zip "*) links="$links -lz" ;; esac
    # shellcheck disable=SC2086
    $SWIFTC $FLAGS $CFLAGS -use-ld=lld -module-name "Fuzz_$target" -I "$OUT/build/modules" -L "$OUT/build/modules" \
        $links $files -o "$binary"
}

# Copies files listed on stdin into a seed folder, named after their paths.
seed() {
    while read -r file; do
        [ -f "$file" ] || continue
        cp "$file" "$1/$(echo "$file" | sed 's|^\./||; s|[/ ]|_|g')"
    done
}

gather_seeds() {
    target=$1
    dir=$SEEDS/$target
    rm -rf "$dir"
    mkdir -p "$dir"
    case $target in
        toml)
            find Tests/Fixtures templates content -name '*.toml' | seed "$dir"
            [ -d "$SUITES/toml-test/tests" ] && find "$SUITES/toml-test/tests" -name '*.toml' | seed "$dir"
            ;;
        frontmatter)
            find Tests/Fixtures content -name '*.md' | seed "$dir"
            # Every TOML seed again as the front matter of a page.
            find Tests/Fixtures templates content -name '*.toml' >"$dir.list"
            [ -d "$SUITES/toml-test/tests/valid" ] && find "$SUITES/toml-test/tests/valid" -name '*.toml' >>"$dir.list"
            while read -r file; do
                { printf '+++\n'; cat "$file"; printf '\n+++\n# Body\n'; } \
                    >"$dir/page-$(echo "$file" | sed 's|^\./||; s|[/ ]|_|g').md"
            done <"$dir.list"
            rm -f "$dir.list"
            ;;
        mustache)
            find templates -name '*.mustache' | seed "$dir"
            # Each page with the layout and partials it names, in the NUL-separated form.
            for page in templates/pages/*.mustache; do
                [ -f "$page" ] || continue
                {
                    cat "$page"
                    for part in templates/layouts/*.mustache templates/partials/*.mustache; do
                        [ -f "$part" ] || continue
                        name=${part#templates/}
                        printf '\000%s\n' "${name%.mustache}"
                        cat "$part"
                    done
                } >"$dir/site-$(basename "$page")"
            done
            if [ -d "$SUITES/mustache-spec/specs" ] && command -v python3 >/dev/null; then
                python3 - "$SUITES/mustache-spec/specs" "$dir" <<'PY'
import json, os, sys
specs, out = sys.argv[1], sys.argv[2]
for file in sorted(os.listdir(specs)):
    if not file.endswith(".json"):
        continue
    for number, test in enumerate(json.load(open(os.path.join(specs, file), encoding="utf-8"))["tests"]):
        if not isinstance(test.get("template"), str):
            continue
        parts = [test["template"]]
        for name, source in sorted((test.get("partials") or {}).items()):
            parts.append(name + "\n" + source)
        with open(os.path.join(out, "spec-%s-%03d" % (file[:-5], number)), "wb") as seed:
            seed.write("\0".join(parts).encode("utf-8"))
PY
            fi
            ;;
        csv)
            find Tests/Fixtures -name '*.csv' | seed "$dir"
            find Tests/Fixtures/statements -type f ! -name '*.csv' | seed "$dir"
            ;;
        ofx | qif | camt)
            case $target in
                ofx) find Tests/Fixtures/statements Fuzz/csv/corpus -type f \( -name '*.ofx' -o -name '*.qfx' \) ;;
                qif) find Tests/Fixtures/statements Fuzz/csv/corpus -type f -name '*.qif' ;;
                camt) find Tests/Fixtures/statements Fuzz/csv/corpus -type f -name '*.xml' ;;
            esac | seed "$dir"
            if [ -d "$CORPUS/$target" ]; then find "$CORPUS/$target" -type f | seed "$dir"; fi
            ;;
        wallos)
            find Tests/Fixtures/wallos -name '*.json' | seed "$dir"
            ;;
        zip)
            # Zips Python's zipfile writes (Tests/zip/make_zip.py) of a few small files — Loop's
            # export from the corpus when it is there — each way it can, hostile ones too.
            if command -v python3 >/dev/null; then
                files=$dir.files
                mkdir -p "$files/001 Meditate"
                printf 'Position,Name\n001,Meditate\n' >"$files/Habits.csv"
                find Tests/Fixtures/statements -name '*.csv' -size -2k | head -n 3 | while read -r file; do
                    cp "$file" "$files/$(basename "$file")"
                done
                if [ -d "$CORPUS/loop" ]; then
                    for file in "$CORPUS"/loop/uhabits__*; do
                        name=${file##*/uhabits__}
                        case $name in 001_Meditate__*) cp "$file" "$files/001 Meditate/${name#001_Meditate__}" ;;
                            [0-9]*) ;; *) cp "$file" "$files/$name" ;; esac
                    done
                fi
                for mode in stored deflated fast stream nested cp437 climb encrypted duplicate zip64 badcrc empty; do
                    python3 Tests/zip/make_zip.py "$mode" "$files" "$dir/$mode.zip" >/dev/null
                done
                rm -rf "$files"
            fi
            ;;
    esac
    [ -d "Fuzz/$target/corpus" ] && find "Fuzz/$target/corpus" -type f | seed "$dir"
    echo "fuzz: $target: $(find "$dir" -type f | wc -l) seeds"
}

dictionary() {
    case $1 in
        toml) echo Fuzz/toml/toml.dict ;;
        mustache) echo Fuzz/mustache/mustache.dict ;;
        csv) echo Fuzz/csv/csv.dict ;;
        wallos) echo Fuzz/wallos/wallos.dict ;;
        zip) echo Fuzz/zip/zip.dict ;;
        ofx | qif | camt) echo "Fuzz/$1/$1.dict" ;;
        frontmatter)
            cat Fuzz/frontmatter/frontmatter.dict Fuzz/toml/toml.dict >"$OUT/build/frontmatter.dict"
            echo "$OUT/build/frontmatter.dict"
            ;;
    esac
}

# Fuzzes one target for $2 seconds; its log is .fuzz/logs/TARGET.log.
fuzz_target() {
    target=$1
    seconds=$2
    mkdir -p "$OUT/corpus/$target" "$OUT/artifacts/$target" "$OUT/logs"
    log=$OUT/logs/$target.log
    echo "fuzz: $target for ${seconds}s (log: $log)"
    status=0
    "$OUT/bin/fuzz-$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb="$FUZZ_RSS_MB" \
        -max_len="$FUZZ_MAX_LEN" -dict="$(dictionary "$target")" -artifact_prefix="$OUT/artifacts/$target/" \
        -print_final_stats=1 "$OUT/corpus/$target" "$SEEDS/$target" >"$log" 2>&1 || status=$?
    summary=$(grep -a -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$log" | tail -1 || true)
    execs=$(grep -a -E '^stat::average_exec_per_sec' "$log" | awk '{ print $2 }' || true)
    if [ "$status" -eq 0 ]; then
        echo "fuzz: $target: ok, ${execs:-?} execs/s; $summary"
    else
        echo "fuzz: $target: FAILED (exit $status); see $log"
        grep -a -E '^==[0-9]+== ?ERROR|^SUMMARY|Fatal error:|Test unit written|^ParseDictionaryFile' "$log" \
            | sed 's/^/  /' || true
        return 1
    fi
}

command=${1:-}
[ $# -gt 0 ] && shift
case $command in
    build)
        for target in ${*:-$ALL}; do build_target "$target"; done
        ;;
    run)
        [ $# -gt 0 ] || die "usage: Fuzz/fuzz.sh run SECONDS [TARGET…]"
        seconds=$1
        shift
        targets=${*:-$ALL}
        for target in $targets; do build_target "$target"; done
        # Seeds of this run only, so that two runs at once do not pull them from under each other.
        SEEDS=$OUT/seeds/$$
        trap 'rm -rf "$SEEDS"' EXIT
        trap 'exit 130' INT TERM
        for target in $targets; do gather_seeds "$target"; done
        failed=""
        running=0
        pids=""
        for target in $targets; do
            fuzz_target "$target" "$seconds" &
            pids="$pids $!:$target"
            running=$((running + 1))
            if [ "$running" -ge "$FUZZ_JOBS" ]; then
                for entry in $pids; do wait "${entry%%:*}" || failed="$failed ${entry#*:}"; done
                pids=""
                running=0
            fi
        done
        for entry in $pids; do wait "${entry%%:*}" || failed="$failed ${entry#*:}"; done
        if [ -n "$failed" ]; then
            echo "fuzz: found problems in:$failed (inputs in $OUT/artifacts/)"
            exit 1
        fi
        echo "fuzz: no crashes"
        ;;
    *)
        die "usage: Fuzz/fuzz.sh build [TARGET…] | run SECONDS [TARGET…]"
        ;;
esac
