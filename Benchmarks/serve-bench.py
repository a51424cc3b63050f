#!/usr/bin/env python3
"""What a tap costs in `sandjar serve` (issue 33, `make bench`): a deposit sent from a served goal
page — POST, 303, then the GET of the page it lands on, as a browser does — one every 1.5 s, the
median of 7, for a realistic person's data (the sample, `content/`) and for `debug fixture
--scale 1`; and a refused amount at scale 1 (the 422 with the page). Each is also given as a
ratio to Hugo building 2,000 plain Markdown pages in the same run (the median of 5), the yardstick
`make bench` uses, against the issue's targets (≤ 0.05×, ≤ 0.1×, ≤ 0.05×).

    Benchmarks/serve-bench.py [--sandjar BINARY] [--hugo HUGO] [--taps N]

Runs from the repository root after `make bench` built the release binary. No network: serve
listens on 127.0.0.1, Hugo builds a local folder. Prints a Markdown table on stdout.
"""
import argparse
import os
import pathlib
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

TODAY = "2026-11-28"


def request(port, raw):
    """One HTTP exchange on a fresh socket (serve closes each); the status and the body."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
        connection.sendall(raw.encode())
        data = b""
        while chunk := connection.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1])
    headers = dict(line.split(": ", 1) for line in head.decode().split("\r\n")[1:] if ": " in line)
    return status, headers, body.decode(errors="replace")


def get(port, path):
    return request(port, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n")


def post(port, form, fields):
    body = "&".join(f"{k}={v}" for k, v in fields.items())
    return request(
        port,
        f"POST /_sandjar/{form} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
        f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n{body}")


class Serve:
    """`sandjar serve DATA` on a free port, its caches in the run's folder."""

    def __init__(self, sandjar, data, work):
        env = dict(os.environ, XDG_CACHE_HOME=str(work / "cache"), XDG_STATE_HOME=str(work / "state"))
        self.log = open(work / f"serve-{data.name}.log", "w")
        self.process = subprocess.Popen(
            [sandjar, "serve", str(data), "--port", "0", "--today", TODAY],
            stdout=subprocess.PIPE, stderr=self.log, env=env, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            raise SystemExit(f"serve-bench: serve printed no address: {line!r}")
        self.port = int(match.group(1))

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)
        self.log.close()


def taps(serve, goal, count, refused=False):
    """`count` deposits (or refused amounts) from the goal's page, 1.5 s apart: seconds each."""
    port = serve.port
    _, _, page = get(port, f"/goals/{goal}/")
    token = re.search(r'name="token" value="([0-9a-f]+)"', page).group(1)
    seconds = []
    for index in range(count):
        time.sleep(1.5)
        amount = "12,5" if refused else f"1.{index + 10}"
        started = time.perf_counter()
        status, headers, _ = post(port, "deposit", {"token": token, "lang": "", "goal": goal, "amount": amount})
        if refused:
            assert status == 422, status
        else:
            assert status == 303, status
            landing = headers["Location"].split("#")[0]
            status, _, body = get(port, landing)
            assert status == 200 and "notice-text" in body, status
        seconds.append(time.perf_counter() - started)
    return seconds


def hugo_seconds(hugo, sandjar, work, runs=5):
    """Hugo building the 2,000 Markdown pages of `debug fixture --scale 4`, plainly laid out."""
    fixture = work / "fixture4"
    subprocess.run([sandjar, "debug", "fixture", "--scale", "4", "--out", str(fixture)], check=True,
                   stdout=subprocess.DEVNULL)
    site = work / "hugo2k"
    (site / "content/pages").mkdir(parents=True)
    (site / "layouts/_default").mkdir(parents=True)
    for page in sorted((fixture / "pages").glob("*.md"))[:2000]:
        shutil.copy(page, site / "content/pages" / page.name)
    (site / "config.toml").write_text('baseURL = "https://example.org/"\ntitle = "2,000 pages"\n'
                                      'disableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n')
    (site / "layouts/_default/baseof.html").write_text(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>{{ .Title }}</title></head>"
        "<body>{{ block \"main\" . }}{{ end }}</body></html>\n")
    (site / "layouts/_default/single.html").write_text(
        "{{ define \"main\" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}\n")
    (site / "layouts/_default/list.html").write_text(
        "{{ define \"main\" }}<ul>{{ range .Pages }}<li><a href=\"{{ .RelPermalink }}\">{{ .Title }}</a></li>"
        "{{ end }}</ul>{{ end }}\n")
    times = []
    for _ in range(runs):
        shutil.rmtree(work / "hugo-out", ignore_errors=True)
        started = time.perf_counter()
        subprocess.run([hugo, "--quiet", "--source", str(site), "--destination", str(work / "hugo-out"),
                        "--cacheDir", str(work / "hugo-cache")], check=True)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sandjar", default=".build/release/sandjar")
    parser.add_argument("--hugo", default="hugo")
    parser.add_argument("--taps", type=int, default=7)
    args = parser.parse_args()
    sandjar = str(pathlib.Path(args.sandjar).resolve())
    work = pathlib.Path(tempfile.mkdtemp(prefix="sandjar-serve-bench-"))
    try:
        sample = work / "sample"
        shutil.copytree("content", sample)
        scale = work / "scale1"
        subprocess.run([sandjar, "debug", "fixture", "--scale", "1", "--out", str(scale)], check=True,
                       stdout=subprocess.DEVNULL)
        hugo_before = hugo_seconds(args.hugo, sandjar, work)
        rows = []
        for name, data, goal, refused, target in [
            ("a realistic person's data (the sample), deposit", sample, "sony-headphones", False, 0.05),
            ("debug fixture --scale 1, deposit", scale, "goal-1", False, 0.1),
            ("a refused amount at scale 1 (422 with the page)", scale, "goal-2", True, 0.05),
        ]:
            serve = Serve(sandjar, data, work)
            try:
                seconds = taps(serve, goal, args.taps, refused)
            finally:
                serve.stop()
            rows.append((name, statistics.median(seconds), min(seconds), max(seconds), target))
        again = work / "again"
        again.mkdir()
        hugo = (hugo_before + hugo_seconds(args.hugo, sandjar, again)) / 2
        print(f"Hugo, 2,000 Markdown pages: {hugo:.3f} s (median of 5, before and after)\n")
        print("| Tap | Median | Min–max | Ratio to Hugo | Target |")
        print("| --- | --- | --- | --- | --- |")
        for name, median, low, high, target in rows:
            ratio = median / hugo
            mark = "met" if ratio <= target else "missed"
            print(f"| {name} | {median * 1000:.0f} ms | {low * 1000:.0f}–{high * 1000:.0f} ms | {ratio:.3f}× | ≤ {target}× ({mark}) |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
