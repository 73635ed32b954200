#!/usr/bin/env python3
"""Opens the built site in headless Chromium from file:// and checks what a reader gets.

For every page: the DOM renders, the console has no errors, and no request leaves file:// (read
from Chromium's own network log). Then a search for "avatar" must list the communication
notification recipe, and a recipe page is saved as screenshots at desktop and phone width.

Usage: python3 Tests/Browser/browser_test.py SITE_DIR [SCREENSHOT_DIR]
Prints one line per check and a closing "N passed, N failed".
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

SITE = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "site").resolve()
SHOTS = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="pushbook-shots-")).resolve()
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
passed, failed = 0, 0


def check(ok, name, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def chromium(url, *extra, timeout=60):
    """Runs headless Chromium on url; returns (stdout, stderr, requested non-file URLs)."""
    profile = tempfile.mkdtemp(prefix="pushbook-chromium-")
    netlog = os.path.join(profile, "netlog.json")
    args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
            "--disable-features=Translate,OptimizationHints,MediaRouter", "--metrics-recording-only",
            # Every host name fails to resolve, so nothing can leave the machine, not even Chromium's own
            # background traffic; requests a page makes are still recorded in the network log.
            "--host-resolver-rules=MAP * ~NOTFOUND",
            f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", f"--log-net-log={netlog}",
            "--virtual-time-budget=3000", *extra, url]
    result = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    requested = []
    try:
        log = json.load(open(netlog))
        start_job = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
        for event in log.get("events", []):
            params = event.get("params", {})
            address = params.get("url") or ""
            # Requests the page starts carry its origin ("null" for file://); Chromium's own say "not an origin".
            if event.get("type") != start_job or params.get("initiator") == "not an origin":
                continue
            if address and not address.startswith(("file:", "data:", "about:", "chrome:", "devtools:")):
                requested.append(address)
    except (OSError, ValueError):
        pass
    shutil.rmtree(profile, ignore_errors=True)
    return result.stdout, result.stderr, sorted(set(requested))


def console_errors(stderr):
    lines = []
    for line in stderr.splitlines():
        if "CONSOLE" in line and ("Uncaught" in line or "Error" in line or ":ERROR:" in line):
            lines.append(line.strip())
        elif "Uncaught" in line:
            lines.append(line.strip())
    return lines


def main():
    if not CHROMIUM:
        print("FAIL chromium is not installed (apt-get install chromium)")
        print("0 passed, 1 failed")
        return 1
    canary_dir = pathlib.Path(tempfile.mkdtemp(prefix="pushbook-canary-"))
    canary = canary_dir / "canary.html"
    canary.write_text('<!doctype html><html><body><main>x</main><img src="https://example.invalid/a.png"></body></html>')
    _, _, requested = chromium(canary.as_uri(), "--dump-dom")
    check(requested == ["https://example.invalid/a.png"], "the network check sees a page's request (canary)", str(requested))
    broken = canary_dir / "broken.html"
    broken.write_text('<!doctype html><html><body><main>x</main><script>throw new Error("canary")</script></body></html>')
    _, stderr, _ = chromium(broken.as_uri(), "--dump-dom")
    check(bool(console_errors(stderr)), "the console check sees an uncaught error (canary)")
    shutil.rmtree(canary_dir, ignore_errors=True)

    pages = sorted(p for p in SITE.rglob("*.html"))
    check(len(pages) >= 4, "the site has pages", f"found {len(pages)} in {SITE}")
    for page in pages:
        name = str(page.relative_to(SITE))
        dom, stderr, requested = chromium(page.as_uri(), "--dump-dom")
        check("</html>" in dom and "<main" in dom, f"{name} renders")
        check(not requested, f"{name} makes no network request", ", ".join(requested[:5]))
        errors = console_errors(stderr)
        check(not errors, f"{name} logs no console error", " | ".join(errors[:3]))

    search = (SITE / "search.html").as_uri() + "?q=avatar"
    dom, stderr, requested = chromium(search, "--dump-dom")
    check("recipes/communication-notification.html" in dom.split('id="search-results"', 1)[-1],
          "search.html?q=avatar lists the communication-notification recipe")
    check("<mark>" in dom, "search results mark the matched words")
    check(not requested, "search makes no network request", ", ".join(requested[:5]))
    check(not console_errors(stderr), "search logs no console error", " | ".join(console_errors(stderr)[:3]))

    hostile = (SITE / "search.html").as_uri() + "?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E"
    dom, stderr, _ = chromium(hostile, "--dump-dom")
    check("<script>alert(1)</script>" not in dom, "a search for <script> is shown as text")

    SHOTS.mkdir(parents=True, exist_ok=True)
    recipe = SITE / "recipes" / "fcm-image.html"
    for label, size in (("desktop", "1280,2200"), ("phone", "390,2400")):
        target = SHOTS / f"fcm-image-{label}.png"
        chromium(recipe.as_uri(), f"--screenshot={target}", f"--window-size={size}", "--hide-scrollbars")
        check(target.exists() and target.stat().st_size > 10_000, f"screenshot of a recipe page at {label} width", str(target))
    print(f"screenshots: {SHOTS}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
