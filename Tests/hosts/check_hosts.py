#!/usr/bin/env python3
"""Serves a built sandjar site under /dash/ with a real web server set up as the manual says, and
checks what a visitor gets.

    python3 Tests/hosts/check_hosts.py SERVER SITE [--recipes docs/publishing.md]

SERVER is nginx, apache or caddy (Debian's nginx-light, apache2 and caddy). SITE is a built output
folder; its base_url (read from sitemap.xml) is taken to be served here, so a link to it counts as
a link into the site. The recipe is the fenced block between `<!-- SERVER-recipe -->` and
`<!-- /SERVER-recipe -->` in the manual's page on publishing (docs/publishing.md), used word for
word but for two names: `/var/www` becomes the test's own folder and, in the Caddyfile,
`example.org` becomes `http://127.0.0.1:PORT`. The
nginx location and the Apache lines go into a server configuration of the test's own, as small
as Debian's defaults allow (nginx: `include mime.types` and `default_type
application/octet-stream` as in /etc/nginx/nginx.conf; Apache: /etc/mime.types, `AllowOverride
None` and no `.ht*` files served, as in /etc/apache2/apache2.conf). Apache reads the site's own
`.htaccess`.

The server runs as a child of this script, in the foreground, on a free loopback port, with its
configuration, logs and the copy of the site in one temporary folder that every user can read
(nginx and Apache started as root serve as www-data), removed at the end. Then:

  crawl     every `href` and `src` of every HTML page, from /dash/, is fetched: each must answer
            200 (a redirect counts when it stays under /dash/), and none may leave /dash/ on this
            server; links to other hosts are counted, not fetched
  types     every `.ics` file of the site answers `text/calendar`, every `.webmanifest`
            `application/manifest+json`, every `.json` `application/json`
  404       a missing page and a missing file, at two depths, answer status 404 with the site's
            own 404.html, byte for byte

Each problem prints `FAIL SERVER: <problem>`; the last line is `hosts SERVER: N URLs crawled …`
and `passed` or how many failed. Exit status: 0 passed, 1 failed, 77 when the server is not
installed (the line before says `skipped: …`).
"""

from __future__ import annotations

import argparse
import html.parser
import http.client
import os
import pathlib
import pwd
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
import urllib.parse

SKIP = 77
PREFIX = "/dash/"
HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_RECIPES = HERE.parent.parent / "docs" / "publishing.md"
START_SECONDS = 20
MISSING = ["sandjar-no-such-page/", "goals/sandjar-no-such-goal/", "sandjar-no-such-file.html", "subscriptions/no.ics"]
TYPES = {".ics": "text/calendar", ".webmanifest": "application/manifest+json", ".json": "application/json"}


# ---- the recipe ----------------------------------------------------------------------------


def recipe(recipes: pathlib.Path, server: str) -> str:
    """The fenced block between the markers for `server` in the page of recipes."""
    text = recipes.read_text(encoding="utf-8")
    found = re.search(
        rf"<!-- {server}-recipe -->\s*```[a-z]*\n(.*?)```\s*<!-- /{server}-recipe -->", text, re.DOTALL
    )
    if not found:
        raise SystemExit(f"FAIL {server}: no block between <!-- {server}-recipe --> and <!-- /{server}-recipe --> in {recipes}")
    return found.group(1)


# ---- the servers ---------------------------------------------------------------------------


class Server:
    """One web server: where its binary is, how to configure and start it."""

    name = ""
    binaries: list[str] = []
    package = ""

    def __init__(self, work: pathlib.Path, www: pathlib.Path, port: int, snippet: str) -> None:
        self.work, self.www, self.port, self.snippet = work, www, port, snippet.replace("/var/www", str(www))

    @classmethod
    def binary(cls) -> str | None:
        return next((b for b in cls.binaries if os.access(b, os.X_OK)), None)

    def command(self) -> list[str]:
        raise NotImplementedError

    def environment(self) -> dict[str, str]:
        return dict(os.environ)


def run_as() -> str | None:
    """The user a server started as root hands its workers to: Debian's www-data."""
    if os.geteuid() != 0:
        return None
    for user in ("www-data", "nobody"):
        try:
            pwd.getpwnam(user)
            return user
        except KeyError:
            continue
    return None


class Nginx(Server):
    name = "nginx"
    binaries = ["/usr/sbin/nginx"]
    package = "nginx-light"

    def command(self) -> list[str]:
        conf = self.work / "nginx"
        conf.mkdir()
        shutil.copy("/etc/nginx/mime.types", conf / "mime.types")
        user = run_as()
        w = self.work
        (conf / "nginx.conf").write_text(
            (f"user {user};\n" if user else "")
            + f"worker_processes 1;\npid {w}/nginx.pid;\nerror_log {w}/error.log;\nevents {{}}\n"
            + "http {\n    include mime.types;\n    default_type application/octet-stream;\n    access_log off;\n"
            + "".join(f"    {kind}_temp_path {w}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
            + f"    server {{\n        listen 127.0.0.1:{self.port};\n        root {self.www}/html;\n"
            + "".join(f"        {line}\n" for line in self.snippet.splitlines())
            + "    }\n}\n"
        )
        return [Nginx.binary(), "-p", str(conf), "-c", str(conf / "nginx.conf"), "-e", str(w / "error.log"),
                "-g", "daemon off;"]


class Apache(Server):
    name = "apache"
    binaries = ["/usr/sbin/apache2", "/usr/sbin/httpd"]
    package = "apache2"
    modules = ["mpm_event", "authz_core", "mime", "dir", "alias"]

    def command(self) -> list[str]:
        w = self.work
        user = run_as()
        lines = [f"ServerRoot {w}", f"DefaultRuntimeDir {w}", f"PidFile {w}/apache.pid", f"ErrorLog {w}/error.log",
                 "LogLevel warn", f"Listen 127.0.0.1:{self.port}", "ServerName 127.0.0.1"]
        if user:
            lines += [f"User {user}", f"Group {user if user != 'nobody' else 'nogroup'}"]
        lines += [f"LoadModule {m}_module /usr/lib/apache2/modules/mod_{m}.so" for m in self.modules]
        lines += ["TypesConfig /etc/mime.types", "DirectoryIndex index.html", "AccessFileName .htaccess",
                  "<Directory />", "    AllowOverride None", "    Require all denied", "</Directory>",
                  '<FilesMatch "^\\.ht">', "    Require all denied", "</FilesMatch>", self.snippet]
        (w / "apache2.conf").write_text("\n".join(lines) + "\n")
        return [Apache.binary(), "-f", str(w / "apache2.conf"), "-DFOREGROUND"]


class Caddy(Server):
    name = "caddy"
    binaries = ["/usr/bin/caddy"]
    package = "caddy"

    def __init__(self, work: pathlib.Path, www: pathlib.Path, port: int, snippet: str) -> None:
        super().__init__(work, www, port, snippet)
        self.snippet = self.snippet.replace("example.org", f"http://127.0.0.1:{port}")

    def command(self) -> list[str]:
        (self.work / "Caddyfile").write_text("{\n\tadmin off\n}\n" + self.snippet)
        return [Caddy.binary(), "run", "--adapter", "caddyfile", "--config", str(self.work / "Caddyfile")]

    def environment(self) -> dict[str, str]:
        home = str(self.work / "home")
        return {**os.environ, "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_CONFIG_HOME": home + "/config"}


SERVERS = {s.name: s for s in (Nginx, Apache, Caddy)}


# ---- the folder they serve -----------------------------------------------------------------


def readable_by_all(path: pathlib.Path) -> bool:
    """Every folder from / down to `path` lets others in."""
    for folder in [path, *path.parents]:
        if not os.stat(folder).st_mode & stat.S_IXOTH:
            return False
    return True


def world_readable_folder() -> pathlib.Path:
    """A new folder that a server's www-data workers can read, even when TMPDIR (or the checkout)
    is inside a folder only root can enter."""
    for parent in (tempfile.gettempdir(), "/tmp", "/var/tmp", "/dev/shm"):
        if os.path.isdir(parent) and readable_by_all(pathlib.Path(parent)):
            folder = pathlib.Path(tempfile.mkdtemp(prefix="sandjar-hosts-", dir=parent))
            folder.chmod(0o755)
            return folder
    raise SystemExit("FAIL: no temporary folder that other users can enter")


def copy_site(site: pathlib.Path, destination: pathlib.Path) -> None:
    shutil.copytree(site, destination)
    for folder, folders, files in os.walk(destination):
        os.chmod(folder, 0o755)
        for name in files:
            os.chmod(os.path.join(folder, name), 0o644)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(server: Server, log: pathlib.Path) -> subprocess.Popen:
    """Starts the server in its own process group and waits until it accepts connections."""
    process = subprocess.Popen(
        server.command(), cwd=server.work, env=server.environment(), stdin=subprocess.DEVNULL,
        stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True,
    )
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            socket.create_connection(("127.0.0.1", server.port), timeout=0.5).close()
            return process
        except OSError:
            time.sleep(0.1)
    stop(process)
    logs = [log, server.work / "error.log"]
    text = "".join(p.read_text(errors="replace")[-2000:] for p in logs if p.exists())
    raise SystemExit(f"FAIL {server.name}: did not start on 127.0.0.1:{server.port}:\n{text}")


def stop(process: subprocess.Popen) -> None:
    """Stops the server and its workers: the process group this script started."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait()
    try:  # workers that outlived their master (nginx's, Apache's) are in the same group
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


# ---- what a visitor gets -------------------------------------------------------------------


class Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.found += [value for name, value in attrs if name in ("href", "src") and value]


def fetch(port: int, path: str) -> tuple[int, str, str | None, bytes]:
    """Status, Content-Type, Location and body of GET `path`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type") or "", response.getheader("Location"), response.read()
    finally:
        connection.close()


def media_type(content_type: str) -> str:
    return content_type.split(";")[0].strip().lower()


def base_url_of(site: pathlib.Path) -> str | None:
    """base_url: the shortest sitemap entry, the top page's."""
    sitemap = site / "sitemap.xml"
    if not sitemap.exists():
        return None
    locations = re.findall(r"<loc>([^<]+)</loc>", sitemap.read_text(encoding="utf-8"))
    return min(locations, key=len) if locations else None


def crawl(name: str, port: int, base_url: str | None, failures: list[str]) -> tuple[int, int]:
    """Fetches every link from /dash/; returns (URLs crawled, links to other hosts)."""
    origin = f"http://127.0.0.1:{port}"
    queue, seen, referrer, external = [PREFIX], {PREFIX}, {PREFIX: "(start)"}, set()
    while queue:
        path = queue.pop(0)
        status, content_type, location, body = fetch(port, path)
        if status in (301, 302, 303, 307, 308) and location:
            target = urllib.parse.urljoin(origin + path, location)
            parts = urllib.parse.urlsplit(target)
            if parts.netloc == f"127.0.0.1:{port}" and parts.path.startswith(PREFIX):
                following = parts.path + (f"?{parts.query}" if parts.query else "")
                if following not in seen:
                    seen.add(following)
                    referrer[following] = path
                    queue.append(following)
                continue
            failures.append(f"FAIL {name}: {path} redirects out of {PREFIX} to {location} (linked from {referrer[path]})")
            continue
        if status != 200:
            failures.append(f"FAIL {name}: broken link {path}: status {status} (linked from {referrer[path]})")
            continue
        if media_type(content_type) != "text/html":
            continue
        parser = Links()
        parser.feed(body.decode("utf-8", errors="replace"))
        for link in parser.found:
            url = urllib.parse.urljoin(origin + path, link.strip())
            if base_url and url.startswith(base_url):
                url = origin + PREFIX + url[len(base_url):]
            parts = urllib.parse.urlsplit(url)
            if parts.scheme not in ("http", "https"):
                continue
            if parts.netloc != f"127.0.0.1:{port}":
                external.add(url)
                continue
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if not parts.path.startswith(PREFIX):
                failures.append(f"FAIL {name}: link {link} on {path} leaves {PREFIX}")
                continue
            if target not in seen:
                seen.add(target)
                referrer[target] = path
                queue.append(target)
    return len(seen), len(external)


def check_types(name: str, port: int, site: pathlib.Path, failures: list[str]) -> list[str]:
    seen = []
    for file in sorted(site.rglob("*")):
        expected = TYPES.get(file.suffix)
        if not expected or not file.is_file():
            continue
        path = PREFIX + file.relative_to(site).as_posix()
        status, content_type, _, _ = fetch(port, path)
        if status != 200 or media_type(content_type) != expected:
            failures.append(f"FAIL {name}: {path} answers {status} {content_type or '(no type)'}, not {expected}")
        seen.append(f"{file.relative_to(site).as_posix()} {content_type}")
    if not any(line.split(" ")[0].endswith(".ics") for line in seen):
        failures.append(f"FAIL {name}: the site has no .ics file to check")
    return seen


def check_not_found(name: str, port: int, site: pathlib.Path, failures: list[str]) -> list[int]:
    page = (site / "404.html").read_bytes()
    statuses = []
    for missing in MISSING:
        status, _, _, body = fetch(port, PREFIX + missing)
        statuses.append(status)
        if status != 404:
            failures.append(f"FAIL {name}: {PREFIX}{missing} answers {status}, not 404")
        if body != page:
            failures.append(f"FAIL {name}: {PREFIX}{missing} is not the site's 404.html: {body[:80]!r}…")
    return statuses


# ---- the run -------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("server", choices=sorted(SERVERS))
    parser.add_argument("site", type=pathlib.Path)
    parser.add_argument("--recipes", type=pathlib.Path, default=DEFAULT_RECIPES)
    args = parser.parse_args()
    kind = SERVERS[args.server]
    if not kind.binary():
        print(f"skipped: {args.server} is not installed (apt-get install {kind.package}, or make test-deps)")
        return SKIP
    site = args.site.resolve()
    if not (site / "index.html").exists() or not (site / "404.html").exists():
        print(f"FAIL {args.server}: {site} is not a built site")
        return 1
    snippet = recipe(args.recipes, args.server)
    work = world_readable_folder()
    failures: list[str] = []
    try:
        www = work / "www"
        www.mkdir()
        (www / "html").mkdir()
        copy_site(site, www / PREFIX.strip("/"))
        server = kind(work, www, free_port(), snippet)
        process = start(server, work / "server.log")
        try:
            crawled, external = crawl(args.server, server.port, base_url_of(site), failures)
            types = check_types(args.server, server.port, site, failures)
            statuses = check_not_found(args.server, server.port, site, failures)
        finally:
            stop(process)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for line in failures:
        print(line)
    print(f"hosts {args.server}: {crawled} URLs crawled under {PREFIX} ({external} links to other hosts not fetched); "
          + "; ".join(types) + f"; missing pages answered {', '.join(map(str, statuses))}: "
          + (f"{len(failures)} failed" if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
