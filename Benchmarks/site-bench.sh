#!/bin/sh
# What a whole site build costs (DESIGN.md §7, `make bench`): the sample site (a realistic
# person's data) built for the first time and rebuilt the night after one new deposit, synthetic
# data folders at scale 1 and 4 from an empty cache, a warm nightly rebuild at scale 1 (one new
# deposit and one new session), and the same 2,000 Markdown pages through sandjar and through
# Hugo. Each case is the median wall-clock time of RUNS runs (hyperfine) and the peak resident
# memory of the largest run (/usr/bin/time); four of them are also given as a ratio to Hugo's
# 2,000 pages of the same run, against the targets of issue 21. The four are then measured again
# with the output on a slow disk (Benchmarks/slow-disk.sh: a throttled loop device; Hugo's too), and
# what the sample's nightly rebuild opens and reads is counted with strace
# (Benchmarks/publish-trace.sh, issue 33). Then the tables, the machine and the jar and practice
# figures go into BENCHMARKS.md at the repository root, between two markers; the rest of the file
# is kept.
#
#   Benchmarks/site-bench.sh [--runs N] [--idle-wait SECONDS] [--jar FILE] [--practice FILE] [--out FILE]
#                            [--before BINARY] [--no-slow-disk]
#
# --before takes a sandjar binary built from an earlier commit: the four cases measured against
# Hugo are measured with it too, in the same run, so a change's effect is read side by side
# (BEFORE_LABEL names it in the report, "earlier build" by default). --no-slow-disk leaves the
# slow disk out (it needs root; without it the report says why it is missing).
#
# Before each run it waits (up to --idle-wait seconds, default 600; 0 to not wait) until the CPUs
# are idle, and the report says how much CPU time other processes took during a run.
#
# --jar and --practice take the captured output of Benchmarks/jar-bench.sh and
# Benchmarks/practice-scale.sh (`make bench` runs them first); without them this script runs
# them itself. Run from the repository root after `make bench` has built the release binaries;
# SANDJAR overrides the binary, HUGO the Hugo command. Needs hyperfine, GNU time, hugo and strace
# (Debian packages hyperfine, time, hugo, strace; `make bench` installs them). No network:
# everything is local.
set -eu

RUNS=5
IDLE_WAIT=600
JAR_OUT=""
PRACTICE_OUT=""
REPORT=BENCHMARKS.md
BEFORE=""
BEFORE_LABEL=${BEFORE_LABEL:-earlier build}
SLOW_DISK=yes
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) RUNS=$2; shift 2 ;;
        --idle-wait) IDLE_WAIT=$2; shift 2 ;;
        --jar) JAR_OUT=$2; shift 2 ;;
        --practice) PRACTICE_OUT=$2; shift 2 ;;
        --out) REPORT=$2; shift 2 ;;
        --before) BEFORE=$(realpath "$2"); shift 2 ;;
        --no-slow-disk) SLOW_DISK=no; shift ;;
        *) echo "usage: $0 [--runs N] [--idle-wait SECONDS] [--jar FILE] [--practice FILE] [--out FILE] [--before BINARY] [--no-slow-disk]" >&2
           exit 2 ;;
    esac
done
[ "$RUNS" -ge 5 ] 2>/dev/null || { echo "site-bench: --runs must be at least 5" >&2; exit 2; }

SANDJAR=$(realpath "${SANDJAR:-.build/release/sandjar}")
HUGO=${HUGO:-hugo}
PREVIOUS_DAY=2026-11-27
TODAY=2026-11-28
NEXT_DAY=2026-11-29
[ -x "$SANDJAR" ] || { echo "site-bench: $SANDJAR not found; run 'make bench'" >&2; exit 1; }
[ -d templates ] && [ -d content ] || { echo "site-bench: run from the repository root" >&2; exit 1; }
for tool in hyperfine "$HUGO" /usr/bin/time strace; do
    command -v "$tool" >/dev/null || { echo "site-bench: $tool not found; run 'make bench'" >&2; exit 1; }
done
ROOT=$(pwd)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/sandjar-site-bench.XXXXXX")
trap 'Benchmarks/slow-disk.sh down "$WORK" 2>/dev/null || true; rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM
# A copy of the binary, so that a rebuild meanwhile changes nothing here.
cp "$SANDJAR" "$WORK/sandjar"
SANDJAR="$WORK/sandjar"
if [ -n "$BEFORE" ]; then
    [ -x "$BEFORE" ] || { echo "site-bench: $BEFORE is not an executable" >&2; exit 1; }
    cp "$BEFORE" "$WORK/sandjar-before"
    BEFORE="$WORK/sandjar-before"
fi

# The jar and practice figures: captured by `make bench`, or run here.
if [ -z "$JAR_OUT" ]; then
    JAR_OUT="$WORK/jar.txt"
    Benchmarks/jar-bench.sh | tee "$JAR_OUT"
fi
if [ -z "$PRACTICE_OUT" ]; then
    PRACTICE_OUT="$WORK/practice.txt"
    sh Benchmarks/practice-scale.sh | tee "$PRACTICE_OUT"
fi
grep -q '^warm == cold replay' "$JAR_OUT" || { echo "site-bench: jar bench output incomplete: $JAR_OUT" >&2; exit 1; }
grep -q '^practice-scale:' "$PRACTICE_OUT" || { echo "site-bench: practice-scale output incomplete" >&2; exit 1; }

# ---------------------------------------------------------------------------------------------
# The data.

"$SANDJAR" debug fixture --scale 1 --out "$WORK/scale1" >/dev/null
"$SANDJAR" debug fixture --scale 4 --out "$WORK/scale4" >/dev/null

# 2,000 Markdown pages (the fixture's page generator at scale 4), in (a) a sandjar data folder
# with a minimal site.toml and nothing but pages and (b) a Hugo site in its ordinary form: a plain
# layout writing pages/<slug>/index.html with the same head, a navigation of the six sections
# (DESIGN.md §4: sections, never every page), the article and the footer. The reference is never
# shaped to sandjar's own defects: where sandjar's pages still list every page, it pays for it.
PAGES="$WORK/pages2k"
mkdir -p "$PAGES/pages"
cp "$WORK"/scale4/pages/*.md "$PAGES/pages/"
PAGE_COUNT=$(ls "$PAGES/pages" | wc -l | tr -d ' ')
cat >"$PAGES/site.toml" <<'EOF'
title = "Two thousand pages"
language = "en"
currency = "USD"
timezone = "UTC"
EOF

HUGO_SITE="$WORK/hugo2k"
mkdir -p "$HUGO_SITE/content/pages" "$HUGO_SITE/layouts/_default" "$HUGO_SITE/layouts/partials"
cp "$PAGES"/pages/*.md "$HUGO_SITE/content/pages/"
cat >"$HUGO_SITE/config.toml" <<'EOF'
baseURL = "https://example.org/"
title = "Two thousand pages"
languageCode = "en"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
enableGitInfo = false
[markup.goldmark.renderer]
unsafe = false
EOF
cat >"$HUGO_SITE/layouts/_default/baseof.html" <<'EOF'
{{- $root := "../../" -}}
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="hugo">
<title>{{ .Title }} · {{ .Site.Title }}</title>
<link rel="stylesheet" href="{{ $root }}style.css">
<link rel="icon" href="{{ $root }}favicon.svg" type="image/svg+xml">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
  <a class="brand" href="{{ $root }}./">{{ .Site.Title }}</a>
  {{ partial "nav.html" (dict "page" . "root" $root) }}
</header>
<main id="main">
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer">
  <p>Built on <time datetime="2026-11-28">28 Nov 2026</time> · <a href="{{ $root }}data.json">data.json</a></p>
</footer>
</body>
</html>
EOF
cat >"$HUGO_SITE/layouts/partials/nav.html" <<'EOF'
<nav aria-label="Main">
    <ul>
{{- range slice (slice "" "Today") (slice "goals/" "Goals") (slice "badges/" "Badges") (slice "subscriptions/" "Subscriptions") (slice "breathing/" "Breathing") (slice "quotes/" "Quotes") }}
      <li><a href="{{ $.root }}{{ index . 0 }}">{{ index . 1 }}</a></li>
{{- end }}
    </ul>
  </nav>
EOF
cat >"$HUGO_SITE/layouts/_default/single.html" <<'EOF'
{{ define "main" }}
<article class="prose">
  <h1>{{ .Title }}</h1>
{{- with .Date }}
  <p class="meta"><time datetime="{{ .Format "2006-01-02" }}">{{ .Format "2 Jan 2006" }}</time></p>
{{- end }}
{{ .Content }}
</article>
{{ end }}
EOF
cp "$HUGO_SITE/layouts/_default/single.html" "$HUGO_SITE/layouts/_default/list.html"

# Nothing is deleted between runs: each run's output and cache are moved aside (a rename) and only
# removed when the script ends. ext4 without a journal (as on many VMs) passes over inodes freed in
# the last minutes when it allocates new ones, so deleting one run's thousands of files would slow
# the next run's file creation in a way no nightly build sees. Needs about 5 GB in TMPDIR.
cat >"$WORK/aside.sh" <<'ASIDE'
set -e
work=$1
shift
n=$(($(cat "$work/aside.count" 2>/dev/null || echo 0) + 1))
echo "$n" >"$work/aside.count"
mkdir -p "$work/aside/$n"
for path in "$@"; do
    if [ -e "$path" ]; then mv "$path" "$work/aside/$n/"; fi
done
sync
ASIDE

# A nightly rebuild: a data folder built the night before and the night before that, as cron does
# (its site, the spare the second build kept beside it, the records of both and the jar cache
# kept), then each run starts from that state with what a day adds appended, as `sandjar add` and a
# day of practice do. The two nights are built again before each run, not copied: a copy would
# give every file a new inode and change time, which the records would rightly not trust.
#   nightly NAME BINARY DATA APPEND-SCRIPT [FOLDER]: writes $WORK/NAME-prepare.sh; the run's data
#   and cache are $WORK/NAME.data and .cache, its site FOLDER/NAME.out (FOLDER is $WORK unless
#   given), with .NAME.out.sandjar-spare and .NAME.out.sandjar-records beside it.
nightly() {
    n="$WORK/$1"
    out="${5:-$WORK}/$1.out"
    cp -R "$3" "$n.data-pristine"
    mkdir "$n.pristine"
    for day in "$PREVIOUS_DAY" "$TODAY"; do
        "$2" build "$n.data-pristine" --out "$n.pristine/out" --cache "$n.cache-pristine" --today "$day" --quiet
    done
    {
        echo "set -e"
        echo "sh \"$WORK/aside.sh\" \"$WORK\" \"$n.data\" \"$n.cache\""
        echo "sh \"$WORK/aside.sh\" \"${5:-$WORK}\" \"$out\" \"${5:-$WORK}/.$1.out.sandjar-spare\" \"${5:-$WORK}/.$1.out.sandjar-records\""
        echo "cp -R \"$n.data-pristine\" \"$n.data\""
        echo "cp -R \"$n.cache-pristine\" \"$n.cache\""
        for day in "$PREVIOUS_DAY" "$TODAY"; do
            echo "\"$2\" build \"$n.data\" --out \"$out\" --cache \"$n.cache\" --today $day --quiet 2>/dev/null"
        done
        echo "D=\"$n.data\""
        cat "$4"
        echo "sync"
        if [ -n "${5:-}" ]; then echo "sh \"$ROOT/Benchmarks/slow-disk.sh\" cold \"$WORK\""; fi
    } >"$WORK/$1-prepare.sh"
}
# Scale 1: one deposit and one session.
cat >"$WORK/warm-day.sh" <<WARMDAY
printf '\n[[deposit]]\nat = ${TODAY}T23:30:00\namount = 12.34\nnote = "nightly"\n' >>"\$D/goals/goal-1.toml"
printf '\n[[session]]\nat = ${TODAY}T23:40:00\npattern = "box"\ncycles = 4\n' >>"\$D/practice/2026-11.toml"
WARMDAY
nightly warm "$SANDJAR" "$WORK/scale1" "$WORK/warm-day.sh"
WARM="$WORK/warm"
# The sample: one deposit into the milk-tea goal, at 21:30 on the wall clock of its time zone.
cat >"$WORK/sample-day.sh" <<SAMPLEDAY
printf '\n[[deposit]]\nat = ${TODAY}T21:30:00+08:00\namount = 12\nnote = "nightly"\n' >>"\$D/goals/milk-tea.toml"
SAMPLEDAY
nightly night "$SANDJAR" "$ROOT/content" "$WORK/sample-day.sh"
[ -z "$BEFORE" ] || nightly night-before "$BEFORE" "$ROOT/content" "$WORK/sample-day.sh"

# ---------------------------------------------------------------------------------------------
# Measuring: hyperfine for the median wall-clock time, GNU time for each run's peak RSS.

RESULTS="$WORK/results"
: >"$RESULTS"

# Other processes' work skews a benchmark, and this machine may be shared. Before each run the
# prepare step waits (up to IDLE_WAIT seconds) until the CPUs are idle, and the busy CPU time of the
# whole machine is read from /proc/stat just before and just after each run: what the run itself
# did not use (GNU time's user + system) was someone else's, and the report shows it.
cat >"$WORK/idle.sh" <<'IDLE'
# idle.sh SECONDS: waits up to SECONDS for the CPUs to be under 10 % busy over two seconds.
busy() {
    { head -n 1 /proc/stat; sleep 2; head -n 1 /proc/stat; } | awk '
        { total = 0; for (i = 2; i <= NF; i++) total += $i; idle[NR] = $5 + $6; all[NR] = total }
        END { printf "%d\n", 100 - 100 * (idle[2] - idle[1]) / (all[2] - all[1]) }'
}
waited=0
load=$(busy)
while [ "$load" -ge 10 ] && [ "$waited" -lt "$1" ]; do
    if [ "$waited" -eq 0 ]; then echo "site-bench: waiting for the CPUs to be idle ($load % busy)" >&2; fi
    sleep 8
    waited=$((waited + 10))
    load=$(busy)
done
IDLE
cat >"$WORK/mark.sh" <<'MARK'
# mark.sh FILE start|end: appends the machine's busy CPU seconds so far.
awk -v tag="$2" 'NR == 1 { busy = 0; for (i = 2; i <= NF; i++) if (i != 5 && i != 6) busy += $i
    printf "%s %.2f\n", tag, busy / 100; exit }' /proc/stat >>"$1"
MARK

# measure NAME PREPARE COMMAND: median, fastest and slowest seconds, mean user + system CPU
# seconds, peak KiB and the most CPU seconds other processes used during one run, to $RESULTS.
measure() {
    name=$1
    prepare=$2
    command=$3
    marks="$WORK/$name.marks"
    times="$WORK/$name.time"
    : >"$marks"
    : >"$times"
    echo "site-bench: $name ($RUNS runs)" >&2
    hyperfine --style basic --runs "$RUNS" \
        --prepare "sh $WORK/mark.sh $marks end; $prepare && sh $WORK/idle.sh $IDLE_WAIT && sh $WORK/mark.sh $marks start" \
        --export-csv "$WORK/$name.csv" \
        "/usr/bin/time -f '%M %U %S' -a -o $times $command" >&2
    sh "$WORK/mark.sh" "$marks" end
    median=$(awk -F, 'NR == 2 { print $4 }' "$WORK/$name.csv")
    min=$(awk -F, 'NR == 2 { print $7 }' "$WORK/$name.csv")
    max=$(awk -F, 'NR == 2 { print $8 }' "$WORK/$name.csv")
    cpu=$(awk -F, 'NR == 2 { print $5 + $6 }' "$WORK/$name.csv")
    peak=$(awk '$1 > peak { peak = $1 } END { print peak }' "$times")
    # Each run is a "start" mark followed by an "end" mark; the runs' own CPU is in $times.
    others=$(awk 'FNR == NR { own[NR] = $2 + $3; next }
        $1 == "start" { start = $2; open = 1; next }
        $1 == "end" && open { n++; used = $2 - start - own[n]; if (used > most) most = used; open = 0 }
        END { printf "%.1f\n", most }' "$times" "$marks")
    echo "$name $median $min $max $peak $cpu $others" >>"$RESULTS"
}

build() { # build DATA OUT CACHE [BINARY]
    echo "${4:-$SANDJAR} build $1 --out $2 --cache $3 --today $TODAY --quiet"
}

aside() { # aside PATH...: the prepare step of a cold run
    echo "sh $WORK/aside.sh $WORK $*"
}

aside_on() { # aside_on FOLDER PATH...: the same for paths in another file system, set aside there
    folder=$1
    shift
    echo "sh $WORK/aside.sh $folder $*"
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
# Hugo's 2,000 pages before and after the cases measured against it, so that a machine that got
# busier or quieter meanwhile shows in the two medians; the ratios use their mean.
hugo_pages() { # hugo_pages NAME [FOLDER [PREPARE]]: its output in FOLDER ($WORK unless given)
    measure "$1" "$(aside_on "${2:-$WORK}" "${2:-$WORK}/o-h") && $(aside "$WORK/hugo-cache")${3:+ && $3}" \
        "$HUGO --quiet --source $HUGO_SITE --destination ${2:-$WORK}/o-h --cacheDir $WORK/hugo-cache"
}
hugo_pages pages-hugo
# The four cases against Hugo; with an earlier binary, each case is measured with both, one
# right after the other.
against() { # against NAME COMMAND-WITH-@SANDJAR@ [PREPARE-WITH-@SUFFIX@]
    for suffix in "" ${BEFORE:+-before}; do
        binary=$SANDJAR
        [ -z "$suffix" ] || binary=$BEFORE
        command=$(echo "$2" | sed "s|@SANDJAR@|$binary|; s|@SUFFIX@|$suffix|g")
        prepare=$(echo "$3" | sed "s|@SUFFIX@|$suffix|g")
        measure "$1$suffix" "$prepare" "$command"
    done
}
against sample "$(build "$ROOT/content" "$WORK/o-sample@SUFFIX@" "$WORK/c-sample@SUFFIX@" @SANDJAR@)" \
    "$(aside "$WORK/o-sample@SUFFIX@" "$WORK/c-sample@SUFFIX@")"
against night "$(build "$WORK/night@SUFFIX@.data" "$WORK/night@SUFFIX@.out" "$WORK/night@SUFFIX@.cache" @SANDJAR@)" \
    "sh $WORK/night@SUFFIX@-prepare.sh"
against pages-sandjar "$(build "$PAGES" "$WORK/o-p@SUFFIX@" "$WORK/c-p@SUFFIX@" @SANDJAR@)" \
    "$(aside "$WORK/o-p@SUFFIX@" "$WORK/c-p@SUFFIX@")"
against scale1 "$(build "$WORK/scale1" "$WORK/o-s1@SUFFIX@" "$WORK/c-s1@SUFFIX@" @SANDJAR@)" \
    "$(aside "$WORK/o-s1@SUFFIX@" "$WORK/c-s1@SUFFIX@")"
hugo_pages pages-hugo-after
# The sample's rebuild built as the next day: every page whose figures are as of today (and so
# says the day it was updated) changes; the quote, Markdown and past years' pages do not.
measure night-next-day "sh $WORK/night-prepare.sh" \
    "$(build "$WORK/night.data" "$WORK/night.out" "$WORK/night.cache" | sed "s/--today $TODAY/--today $NEXT_DAY/")"
measure scale4 "$(aside "$WORK/o-s4" "$WORK/c-s4")" "$(build "$WORK/scale4" "$WORK/o-s4" "$WORK/c-s4")"
measure warm "sh $WORK/warm-prepare.sh" "$(build "$WARM.data" "$WARM.out" "$WARM.cache")"
# The same, built as the next day.
measure warm-next-day "sh $WORK/warm-prepare.sh" \
    "$(build "$WARM.data" "$WARM.out" "$WARM.cache" | sed "s/--today $TODAY/--today $NEXT_DAY/")"

# The four cases against Hugo again, with every output — sandjar's site, spare and records, and
# Hugo's pages — on a slow disk (Benchmarks/slow-disk.sh); the data and the caches stay on this
# disk. What the runs write is flushed in each run's prepare step (aside.sh), so no run pays for
# the one before, and the disk is mounted again, so that every run starts with nothing of it in
# memory, as a nightly build a day after the last one finds it.
SLOW=""
SLOW_WHY=""
if [ "$SLOW_DISK" = yes ]; then
    SLOW=$(Benchmarks/slow-disk.sh up "$WORK" 2>"$WORK/slow-disk.err") || SLOW=""
    [ -n "$SLOW" ] || SLOW_WHY=$(sed 's/^slow-disk: //' "$WORK/slow-disk.err")
else
    SLOW_WHY="left out (--no-slow-disk)"
fi
if [ -n "$SLOW" ]; then
    COLD="sh $ROOT/Benchmarks/slow-disk.sh cold $WORK"
    nightly slow-night "$SANDJAR" "$ROOT/content" "$WORK/sample-day.sh" "$SLOW"
    [ -z "$BEFORE" ] || nightly slow-night-before "$BEFORE" "$ROOT/content" "$WORK/sample-day.sh" "$SLOW"
    hugo_pages slow-pages-hugo "$SLOW" "$COLD"
    against slow-scale1 "$(build "$WORK/scale1" "$SLOW/o-s1@SUFFIX@" "$WORK/c-slow-s1@SUFFIX@" @SANDJAR@)" \
        "$(aside_on "$SLOW" "$SLOW/o-s1@SUFFIX@") && $(aside "$WORK/c-slow-s1@SUFFIX@") && $COLD"
    against slow-sample "$(build "$ROOT/content" "$SLOW/o-sample@SUFFIX@" "$WORK/c-slow-sample@SUFFIX@" @SANDJAR@)" \
        "$(aside_on "$SLOW" "$SLOW/o-sample@SUFFIX@") && $(aside "$WORK/c-slow-sample@SUFFIX@") && $COLD"
    against slow-night "$(build "$WORK/slow-night@SUFFIX@.data" "$SLOW/slow-night@SUFFIX@.out" \
        "$WORK/slow-night@SUFFIX@.cache" @SANDJAR@)" "sh $WORK/slow-night@SUFFIX@-prepare.sh"
    against slow-pages-sandjar "$(build "$PAGES" "$SLOW/o-p@SUFFIX@" "$WORK/c-slow-p@SUFFIX@" @SANDJAR@)" \
        "$(aside_on "$SLOW" "$SLOW/o-p@SUFFIX@") && $(aside "$WORK/c-slow-p@SUFFIX@") && $COLD"
    hugo_pages slow-pages-hugo-after "$SLOW" "$COLD"
    Benchmarks/slow-disk.sh down "$WORK"
fi

# What the sample's nightly rebuild after one deposit opens and reads back (issue 33).
TRACE=$(Benchmarks/publish-trace.sh "$SANDJAR" 2>&1 || true)
[ -z "$BEFORE" ] || TRACE_BEFORE=$(Benchmarks/publish-trace.sh "$BEFORE" 2>&1 || true)
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

# Where the time goes: one more cold build of each with --timings (the steps of DESIGN.md §7).
timings() { # timings NAME DATA
    "$SANDJAR" build "$2" --out "$WORK/t-$1" --cache "$WORK/tc-$1" --today "$TODAY" --quiet --timings \
        2>"$WORK/timings-$1.txt"
}
timings sample "$ROOT/content"
timings scale1 "$WORK/scale1"
timings pages "$PAGES"
# And the sample's nightly rebuild, from its site and cache.
sh "$WORK/night-prepare.sh"
"$SANDJAR" build "$WORK/night.data" --out "$WORK/night.out" --cache "$WORK/night.cache" --today "$TODAY" \
    --quiet --timings 2>"$WORK/timings-night.txt"

# Deterministic: two cold builds of scale 1 give the same bytes.
"$SANDJAR" build "$WORK/scale1" --out "$WORK/det-a" --cache "$WORK/det-ca" \
    --today "$TODAY" --quiet
"$SANDJAR" build "$WORK/scale1" --out "$WORK/det-b" --cache "$WORK/det-cb" \
    --today "$TODAY" --quiet
if diff -r "$WORK/det-a" "$WORK/det-b" >/dev/null; then IDENTICAL=yes; else IDENTICAL=NO; fi
# The 2,000-page site is the same, byte for byte, from the earlier binary.
if [ -n "$BEFORE" ]; then
    PAGES_DIFFER=$(diff -rq "$WORK/o-p" "$WORK/o-p-before" | wc -l | tr -d ' ')
    if [ "$PAGES_DIFFER" = 0 ]; then PAGES_SAME=yes; else PAGES_SAME="NO ($PAGES_DIFFER files differ)"; fi
fi
SANDJAR_PAGES=$(find "$WORK/o-p/pages" -name index.html | wc -l | tr -d ' ')
HUGO_PAGES=$(find "$WORK/o-h/pages" -mindepth 2 -name index.html | wc -l | tr -d ' ')
SANDJAR_BYTES=$(du -sk "$WORK/o-p/pages" | cut -f1)
HUGO_BYTES=$(du -sk "$WORK/o-h/pages" | cut -f1)
S1_FILES=$(find "$WORK/det-a" -type f | wc -l | tr -d ' ')
S4_FILES=$(find "$WORK/o-s4" -type f | wc -l | tr -d ' ')
S1_KIB=$(du -sk "$WORK/det-a" | cut -f1)
S4_KIB=$(du -sk "$WORK/o-s4" | cut -f1)

# ---------------------------------------------------------------------------------------------
# The report.

field() { awk -v n="$1" -v f="$2" '$1 == n { print $f }' "$RESULTS"; }
sec() { field "$1" 2; }
mib() { field "$1" 5 | awk '{ printf "%.0f", $1 / 1024 }'; }
row() { # row NAME LABEL
    awk -v n="$1" -v label="$2" '$1 == n {
        printf "| %s | %.2f s | %.2f – %.2f s | %.2f s | %.0f MiB | %.1f s |\n", label, $2, $3, $4, $6, $5 / 1024, $7
    }' "$RESULTS"
}
verdict() { if [ "$1" = 1 ]; then echo "met"; else echo "**missed**"; fi; }
versus() { # versus NAME LABEL TARGET [HUGO]: a row of the table against Hugo (HUGO seconds, else $PH)
    hugo=${4:-$PH}
    mine=$(sec "$1")
    r=$(ratio "$mine" "$hugo")
    line="| $2 | $(f2 "$mine") s | $r × | ≤ $3 × | $(verdict "$(atmost "$r" "$3")") |"
    if [ -n "$BEFORE" ]; then
        old=$(sec "$1-before")
        line="$line $(f2 "$old") s | $(ratio "$old" "$hugo") × |"
    fi
    echo "$line"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
below() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b) ? 1 : 0 }'; }
atmost() { awk -v a="$1" -v b="$2" 'BEGIN { print (a <= b) ? 1 : 0 }'; }
f2() { awk -v a="$1" 'BEGIN { printf "%.2f", a }'; }

S1=$(sec scale1)
S4=$(sec scale4)
WARM_S=$(sec warm)
PS=$(sec pages-sandjar)
PH_FIRST=$(sec pages-hugo)
PH_LAST=$(sec pages-hugo-after)
PH=$(awk -v a="$PH_FIRST" -v b="$PH_LAST" 'BEGIN { printf "%.3f", (a + b) / 2 }')
LINEAR=$(ratio "$S4" "$S1")
PEAK4=$(field scale4 5)

CPU=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
RAM=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
SWIFT_VERSION=$(swift --version 2>/dev/null | head -n 1)
HUGO_VERSION=$("$HUGO" version | head -n 1)
FS=$(df -T "$WORK" | awk 'NR == 2 { print $2 }')

# BENCHMARKS.md keeps what people wrote there; this script owns only the part between the two
# markers below, which it replaces (or, the first time, adds at the end).
BEGIN_MARK="<!-- Generated by Benchmarks/site-bench.sh (make bench) down to the end marker; edits here are overwritten. -->"
END_MARK="<!-- End of the part generated by Benchmarks/site-bench.sh. -->"
BLOCK="$WORK/block.md"
{
    echo "$BEGIN_MARK"
    echo "## Whole sites (\`Benchmarks/site-bench.sh\`)"
    echo ""
    echo "Release builds. Each time is the median wall-clock time of $RUNS runs (hyperfine) with the"
    echo "fastest and slowest run; CPU is the mean user + system time of a run (above the wall-clock"
    echo "time when both cores work); memory is the peak resident set of the largest run (GNU time)."
    echo "Each run starts once the CPUs are idle; *not ours* is the most CPU time anything else on the"
    echo "machine (other processes, the kernel writing our files back) used during one run: well under"
    echo "the median, the figures are undisturbed. Runs do not delete each other's output (see the"
    echo "script)."
    echo ""
    echo "- Date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- Machine: $(nproc) CPUs ($CPU), $RAM RAM, $(uname -sm) $(uname -r), output on $FS"
    echo "- Swift: $SWIFT_VERSION"
    echo "- Hugo: $HUGO_VERSION"
    echo "- Load average (1, 5, 15 min) before the runs: $LOAD_BEFORE; after: $LOAD_AFTER"
    echo ""
    echo "| Case | Median | Range | CPU (user + sys) | Peak memory | Not ours |"
    echo "| --- | --- | --- | --- | --- | --- |"
    row sample "Sample site (\`content/\`), first build: empty cache, no site"
    row night "Sample site, nightly rebuild after one new deposit"
    row night-next-day "The same rebuild dated the next day (every page with figures as of today changes)"
    row scale1 "Scale 1, cold (empty cache, no site): $S1_FILES files, $((S1_KIB / 1024)) MiB"
    row scale4 "Scale 4, cold: $S4_FILES files, $((S4_KIB / 1024)) MiB"
    row warm "Scale 1, warm nightly rebuild (+1 deposit, +1 session)"
    row warm-next-day "The same rebuild dated the next day (every page with figures as of today changes)"
    row pages-sandjar "$PAGE_COUNT Markdown pages, sandjar (whole site: $SANDJAR_PAGES pages/, $((SANDJAR_BYTES / 1024)) MiB)"
    row pages-hugo "$PAGE_COUNT Markdown pages, Hugo ($HUGO_PAGES pages/, $((HUGO_BYTES / 1024)) MiB), first"
    row pages-hugo-after "The same Hugo build, after the cases measured against it"
    if [ -n "$SLOW" ]; then
        row slow-sample "Slow disk: sample site, first build"
        row slow-night "Slow disk: sample site, nightly rebuild after one new deposit"
        row slow-scale1 "Slow disk: scale 1, cold"
        row slow-pages-sandjar "Slow disk: $PAGE_COUNT Markdown pages, sandjar"
        row slow-pages-hugo "Slow disk: $PAGE_COUNT Markdown pages, Hugo, first"
        row slow-pages-hugo-after "Slow disk: the same Hugo build, after the cases measured against it"
    fi
    echo ""
    echo "The sample site is \`content/\`, a realistic person's data (4 goals, 18 subscriptions, six"
    echo "months of practice, 2 pages); its first build starts without a site and a cache, its nightly"
    echo "rebuild from the site and cache of the night before, with one deposit more (in milk-tea):"
    echo "the site built on $TODAY, and beside it the spare, the site of $PREVIOUS_DAY that the"
    echo "build of $TODAY replaced, as a nightly cron job leaves them."
    echo "Scale 1 is 10 goals (about 10,000 deposits), 100 subscriptions, about 1,500 practice"
    echo "sessions and 500 Markdown pages of about 4 KB (\`sandjar debug fixture\`); scale 4 is four"
    echo "times each. A cold build starts without a jar cache and without a site, so it pours every"
    echo "month of every jar; the warm rebuild starts from the scale-1 site, spare and cache of the"
    echo "night before and pours one month again. sandjar's navigation lists its sections and one \"Pages\""
    echo "entry (DESIGN.md §4), so a page is its Markdown plus a constant layout whatever their number."
    echo "The Hugo site is Hugo in its ordinary form: the same pages, a plain layout"
    echo "(\`pages/<slug>/index.html\`, the same head, a navigation of the six sections, the article, the"
    echo "footer); sandjar's time is its whole site (dashboard, 366 quote pages, feed, data.json) around"
    echo "the pages. Two cold builds of scale 1 are byte-identical: $IDENTICAL."
    echo ""
    echo "Where the time goes, one cold build each with \`--timings\` (wall seconds per step):"
    echo ""
    echo '```'
    for t in sample night scale1 pages; do echo "$t:"; cat "$WORK/timings-$t.txt"; done
    echo '```'
    echo ""
    echo "Against Hugo building the same $PAGE_COUNT pages in the same run: $(f2 "$PH_FIRST") s before the cases"
    echo "below and $(f2 "$PH_LAST") s after them (medians); each case's median is divided by their mean,"
    echo "$(f2 "$PH") s, and set against the target of issue 21."
    echo ""
    if [ -n "$BEFORE" ]; then
        echo "| Case | sandjar | ÷ Hugo | Target | | Before ($BEFORE_LABEL) | ÷ Hugo |"
        echo "| --- | --- | --- | --- | --- | --- | --- |"
    else
        echo "| Case | sandjar | ÷ Hugo | Target | |"
        echo "| --- | --- | --- | --- | --- |"
    fi
    versus scale1 "Scale 1, cold" 1.0
    versus sample "Sample site, first build" 0.15
    versus night "Sample site, nightly rebuild after one deposit" 0.1
    versus pages-sandjar "$PAGE_COUNT Markdown pages" 0.4
    echo ""
    if [ -n "$BEFORE" ]; then
        echo "The $PAGE_COUNT-page site built by both binaries is byte-identical: $PAGES_SAME."
        echo ""
    fi
    echo "### On a slow disk"
    echo ""
    if [ -n "$SLOW" ]; then
        PHS_FIRST=$(sec slow-pages-hugo)
        PHS_LAST=$(sec slow-pages-hugo-after)
        PHS=$(awk -v a="$PHS_FIRST" -v b="$PHS_LAST" 'BEGIN { printf "%.3f", (a + b) / 2 }')
        echo "The same cases with every output on an ext4 file system on a loop device that the kernel"
        echo "throttles to what an SD card of class A1 promises at least: 1,500 reads and 500 writes a"
        echo "second, 10 MB/s written (\`Benchmarks/slow-disk.sh\`: cgroup v1 \`blkio.throttle\` rules on the"
        echo "loop device, so the kernel's own writeback is throttled too), mounted again before each run"
        echo "so that it starts with nothing of that disk in memory, as a nightly build finds it a day"
        echo "after the last. Data and caches stay on the normal disk. Hugo took $(f2 "$PHS_FIRST") s and $(f2 "$PHS_LAST") s there (medians), $(f2 "$PHS") s on average;"
        echo "Hugo flushes nothing, so what it writes reaches the disk after it exits, and sandjar flushes"
        echo "what it wrote before the swap (DESIGN.md §7). The targets are those of the normal disk."
        echo ""
        if [ -n "$BEFORE" ]; then
            echo "| Case | sandjar | ÷ Hugo | Target | | Before ($BEFORE_LABEL) | ÷ Hugo |"
            echo "| --- | --- | --- | --- | --- | --- | --- |"
        else
            echo "| Case | sandjar | ÷ Hugo | Target | |"
            echo "| --- | --- | --- | --- | --- |"
        fi
        versus slow-scale1 "Scale 1, cold" 1.0 "$PHS"
        versus slow-sample "Sample site, first build" 0.15 "$PHS"
        versus slow-night "Sample site, nightly rebuild after one deposit" 0.1 "$PHS"
        versus slow-pages-sandjar "$PAGE_COUNT Markdown pages" 0.4 "$PHS"
    else
        echo "Not measured: $SLOW_WHY."
    fi
    echo ""
    echo "### What a nightly rebuild touches"
    echo ""
    echo "The sample's nightly rebuild after one new deposit, counted by \`Benchmarks/publish-trace.sh\`"
    echo "(\`strace -f\`: every \`openat\` of the process, and the bytes \`read\` from files opened in the"
    echo "published site, the spare or the records beside them; targets of issue 33: 150 files, 1 MB):"
    echo ""
    echo "- now: ${TRACE#publish-trace: }"
    if [ -n "$BEFORE" ]; then echo "- before ($BEFORE_LABEL): ${TRACE_BEFORE#publish-trace: }"; fi
    echo ""
    echo "| Target | Measured | |"
    echo "| --- | --- | --- |"
    echo "| Scale 1 cold < 5 s | $(f2 "$S1") s | $(verdict "$(below "$S1" 5)") |"
    echo "| Warm rebuild < 1 s | $(f2 "$WARM_S") s | $(verdict "$(below "$WARM_S" 1)") |"
    echo "| Scale 4 < 4.5 × scale 1 | $(f2 "$S4") s / $(f2 "$S1") s = $LINEAR × | $(verdict "$(below "$LINEAR" 4.5)") |"
    echo "| Peak memory at scale 4 < 1 GiB | $(mib scale4) MiB | $(verdict "$(below "$PEAK4" 1048576)") |"
    echo ""
    echo "The jar and practice benchmarks of the same \`make bench\`, as printed:"
    echo ""
    echo '```'
    cat "$JAR_OUT"
    echo ""
    cat "$PRACTICE_OUT"
    echo '```'
    echo "$END_MARK"
} >"$BLOCK"

NEW_REPORT="$WORK/report.md"
if [ -f "$REPORT" ] && grep -qF "$BEGIN_MARK" "$REPORT" && grep -qF "$END_MARK" "$REPORT"; then
    awk -v begin="$BEGIN_MARK" -v end="$END_MARK" -v block="$BLOCK" '
        $0 == begin { while ((getline line < block) > 0) print line; skipping = 1; next }
        $0 == end { skipping = 0; next }
        !skipping { print }' "$REPORT" >"$NEW_REPORT"
elif [ -f "$REPORT" ]; then
    { cat "$REPORT"; echo ""; cat "$BLOCK"; } >"$NEW_REPORT"
else
    { echo "# Benchmarks"; echo ""; cat "$BLOCK"; } >"$NEW_REPORT"
fi
cp "$NEW_REPORT" "$REPORT"
echo ""
cat "$BLOCK"
