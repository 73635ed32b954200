#!/usr/bin/env python3
"""Opens the built site in headless Chromium from file:// and checks what a reader gets.

Two Chromiums side by side (the pages; everything else), each driven over the DevTools protocol on
a pipe (no network port, no outside packages):
- every page, at 320, 390 and 1280 px: it renders, logs no error, requests nothing outside file://,
  and never scrolls sideways (the widest offending elements are named); a screenshot is kept (the whole
  page at 390 px, the first screen at the others);
- search: typos, synonyms, text from requirements and commands, deep links to sections, whole words,
  recipes ranked above code, snippets with the match marked, a hostile query shown as text;
- print: every recipe page printed to PDF (A4) fits in MAX_PRINT_PAGES (20) pages with no near-blank page.

Usage: python3 Tests/Browser/browser_test.py SITE_DIR [SCREENSHOT_DIR]
Prints one line per check and a closing "N passed, N failed".
"""
import base64
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

SITE = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "site").resolve()
SHOTS = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="pushbook-shots-")).resolve()
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
WIDTHS = (320, 390, 1280)
PHONE = 390
MAX_PRINT_PAGES = 20  # fcm-image prints on 18 A4 pages since it shows the stock helper's seven records beside its own (was 8)
passed, failed = 0, 0


# The checks run in two threads, each with its own Chromium (see `main`); each thread's lines are
# kept and printed in a fixed order, so the report reads the same on every run.
counting = threading.Lock()
thread_lines = threading.local()


def check(ok, name, detail=""):
    global passed, failed
    with counting:
        if ok:
            passed += 1
        else:
            failed += 1
    line = f"ok   {name}" if ok else f"FAIL {name}: {detail}"
    lines = getattr(thread_lines, "lines", None)
    if lines is None:
        print(line)
    else:
        lines.append(line)


class Browser:
    """Headless Chromium with --remote-debugging-pipe: JSON messages, each ended by a NUL byte."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="pushbook-chromium-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def wire():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        args = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
                "--disable-features=Translate,OptimizationHints,MediaRouter", "--metrics-recording-only",
                # Every host name fails to resolve, so nothing can leave the machine; requests are still seen.
                "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars",
                f"--user-data-dir={self.profile}", "--remote-debugging-pipe", "about:blank"]
        self.process = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=wire, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.call(f"{domain}.enable", session=True)

    def _read(self, timeout):
        deadline = time.time() + timeout
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=False, timeout=60, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read(timeout)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_for(self, method, timeout=30):
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(index)
        deadline = time.time() + timeout
        while time.time() < deadline:
            event = self._read(deadline - time.time())
            if event.get("method") == method:
                return event
            self.events.append(event)
        raise TimeoutError(method)

    def open(self, url, width, height=900):
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=width < 600)
        self.events = []
        self.call("Page.navigate", session=True, url=url)
        self.wait_for("Page.loadEventFired")
        self.evaluate("new Promise(r => setTimeout(r, 60))")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"].get("text", "exception"))
        return result["result"].get("value")

    def problems(self):
        """Requests outside file:// and errors logged since the page was opened."""
        requests, errors = [], []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Network.requestWillBeSent":
                url = params.get("request", {}).get("url", "")
                if not url.startswith(("file:", "data:", "about:", "chrome:", "devtools:")):
                    requests.append(url)
            elif method == "Runtime.exceptionThrown":
                errors.append(params.get("exceptionDetails", {}).get("text", "exception"))
            elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
                errors.append(" ".join(str(a.get("value", "")) for a in params.get("args", [])))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                errors.append(params["entry"].get("text", ""))
        return requests, errors

    def screenshot(self, path, whole=False):
        """The first screen as PNG; with `whole`, the whole page as JPEG (a long page as PNG takes seconds)."""
        options = {"format": "jpeg", "quality": 80, "captureBeyondViewport": True} if whole else {"format": "png"}
        data = self.call("Page.captureScreenshot", session=True, **options)["data"]
        path.write_bytes(base64.b64decode(data))

    def pdf(self):
        result = self.call("Page.printToPDF", session=True, timeout=120, paperWidth=8.27, paperHeight=11.69,
                           marginTop=0.5, marginBottom=0.5, marginLeft=0.5, marginRight=0.5, printBackground=True)
        return base64.b64decode(result["data"])

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


OVERFLOW = """(() => {
  const width = document.documentElement.clientWidth;
  const wide = document.documentElement.scrollWidth;
  const culprits = [];
  if (wide > width) {
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 1 && !el.closest('pre')) {
        culprits.push((el.tagName.toLowerCase() + '.' + (el.className || '')).slice(0, 60) + ' ' + Math.round(r.right));
        if (culprits.length > 4) break;
      }
    }
  }
  return {width, wide, culprits};
})()"""

RESULTS = """(() => Array.from(document.querySelectorAll('#search-results .search-result')).map(li => ({
  href: li.querySelector('a').getAttribute('href'),
  kind: (li.querySelector('.search-result-kind') || {}).textContent || '',
  snippet: (li.querySelector('.search-result-snippet') || {}).textContent || '',
  marks: Array.from(li.querySelectorAll('mark')).map(m => m.textContent)
})))()"""


def search(browser, query):
    browser.open((SITE / "search.html").as_uri() + "?q=" + urllib.parse.quote(query), 1280)
    return browser.evaluate(RESULTS) or []


def canaries(browser):
    folder = pathlib.Path(tempfile.mkdtemp(prefix="pushbook-canary-"))
    page = folder / "canary.html"
    page.write_text('<!doctype html><html><body><main style="width:2000px">x</main>'
                    '<img src="https://example.invalid/a.png"><script>throw new Error("canary")</script></body></html>')
    browser.open(page.as_uri(), 390)
    requests, errors = browser.problems()
    check(any("example.invalid" in r for r in requests), "the network check sees a page's request (canary)", str(requests))
    check(bool(errors), "the console check sees an uncaught error (canary)")
    overflow = browser.evaluate(OVERFLOW)
    check(overflow["wide"] > overflow["width"], "the overflow check sees a page wider than the screen (canary)", str(overflow))
    shutil.rmtree(folder, ignore_errors=True)


def pages(browser):
    found = sorted(SITE.rglob("*.html"))
    check(len(found) >= 5, "the site has pages", f"found {len(found)} in {SITE}")
    for page in found:
        name = str(page.relative_to(SITE))
        for width in WIDTHS:
            browser.open(page.as_uri(), width)
            requests, errors = browser.problems()
            rendered = browser.evaluate("!!document.querySelector('main') && document.body.innerText.length > 50")
            overflow = browser.evaluate(OVERFLOW)
            check(rendered, f"{name} at {width} px renders")
            check(not requests, f"{name} at {width} px makes no network request", ", ".join(requests[:5]))
            check(not errors, f"{name} at {width} px logs no error", " | ".join(errors[:3]))
            check(overflow["wide"] <= overflow["width"], f"{name} at {width} px does not scroll sideways",
                  f"{overflow['wide']} px wide at {overflow['width']}: {'; '.join(overflow['culprits'])}")
            # The whole page once, on a phone; the first screen at the other widths.
            whole = width == PHONE
            shot = SHOTS / f"{name.replace('/', '_').removesuffix('.html')}-{width}.{'jpg' if whole else 'png'}"
            browser.screenshot(shot, whole=whole)
            check(shot.stat().st_size > 5_000, f"screenshot {shot.name}")
        if page.parent.name == "recipes" or page.name == "send-to-a-device.html":
            browser.open(page.as_uri(), 390)
            order = browser.evaluate("""(() => { const h = document.querySelector('h1'), t = document.querySelector('.toc');
                return !t || !!(h.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) && h.getBoundingClientRect().top < t.getBoundingClientRect().top; })()""")
            check(order, f"{name} on a phone: the title comes before 'On this page'")


def run_copied(text):
    """Runs a copied command in bash with stub curl and xcrun; returns (calls, files left behind)."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="pushbook-sendit-"))
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    for tool in ("curl", "xcrun"):
        stub = bin_dir / tool
        stub.write_text(f"#!/bin/bash\n{{ printf '%s\\0' {tool} \"$@\"; printf '\\n'; }} >> \"$STUB_LOG\"\n")
        stub.chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "STUB_LOG": str(folder / "calls.log"), "HOME": str(folder),
           "APNS_JWT": "jwt-value", "DEVICE_TOKEN": "abc123", "ACCESS_TOKEN": "oauth-value", "PROJECT_ID": "demo-project"}
    subprocess.run(["bash", "--noprofile", "--norc", "-c", text], cwd=folder, env=env, capture_output=True, timeout=30)
    log = (folder / "calls.log").read_bytes().decode() if (folder / "calls.log").exists() else ""
    calls = [call.split("\0") for call in log.split("\0\n") if call]
    files = sorted(p.name for p in folder.iterdir() if p.name not in ("bin", "calls.log"))
    shutil.rmtree(folder, ignore_errors=True)
    return calls, files


def send_it(browser):
    """The text each "Send it" block's Copy button copies (its code element's textContent), run in bash."""
    blocks = 0
    for page in sorted((SITE / "recipes").glob("*.html")):
        browser.open(page.as_uri(), 1280)
        copied = browser.evaluate("""Array.from(document.querySelectorAll('.send-it-commands .code-block')).map(b => ({
            caption: (b.querySelector('.code-caption') || {}).textContent || '', text: b.querySelector('pre code').textContent,
            copy: !!b.querySelector('.copy-button') }))""")
        for block in copied:
            blocks += 1
            label = f"{page.name}: {block['caption']}"
            calls, files = run_copied(block["text"])
            ok = len(calls) == 1 and not files and block["copy"]
            if ok and calls[0][0] == "curl" and "api.sandbox.push.apple.com" in calls[0][-1]:
                sent = [b for a, b in zip(calls[0], calls[0][1:]) if a == "--header"]
                names = [h.split(":", 1)[0] for h in sent]
                ok = {"authorization", "apns-push-type", "apns-topic", "apns-priority"} <= set(names) and "apns-expiration" not in names
            check(ok, f"{label}: the copied text runs one command with Apple's headers and its own copy button", f"{calls} {files}")
    check(blocks >= 20, "every example offers its commands", f"{blocks} blocks")


def searches(browser):
    def has(results, fragment, top=None):
        hrefs = [r["href"] for r in (results[:top] if top else results)]
        return any(fragment in h for h in hrefs)

    cases = [
        ("avtar", "communication-notification.html", 3, "a typo (avtar) finds the avatar recipe"),
        ("avatr", "communication-notification.html", 3, "a typo (avatr) finds the avatar recipe"),
        ("INSendMesageIntent", "communication-notification.html", 5, "a typo in INSendMessageIntent still finds it"),
        ("profile picture", "communication-notification.html", 5, "the synonym 'profile picture' finds the avatar recipe"),
        ("rich notification", "fcm-image.html", 8, "the synonym 'rich notification' finds the image recipe"),
        ("image", "fcm-image.html", 3, "'image' finds the FCM image recipe first"),
        ("ITMS-90894", "communication-notification.html", 3, "text from the prose (ITMS-90894) is indexed"),
        ("Communication Notifications capability", "communication-notification.html#requirements", 5, "text from the requirements lands on #requirements"),
        ("simctl", "#example-", 5, "the 'Send it' commands are indexed and land on their example"),
        ("apns-push-type", "#example-", 10, "the headers of the commands are indexed"),
        ("aps-environment", "send-to-a-device.html#", 5, "the device guide is indexed by section"),
        ("loc-key-only", "rules.html#", 5, "rules are indexed"),
        ("hike tomorrow", "communication-notification.html#example-chat-message", 3, "what a lock screen shows is indexed with its example"),
        ("vidoe", "fcm-image.html", 10, "a typo in a synonym's word (vidoe → video → attachment) still finds the image recipe"),
    ]
    for query, fragment, top, name in cases:
        results = search(browser, query)
        check(has(results, fragment, top), name, f"{query!r}: {[r['href'] for r in results[:top]]}")

    results = search(browser, "fcm_options")
    check(any("#" in r["href"] for r in results[:3]) and all("#" in r["href"] for r in results if r["kind"] != "recipe"),
          "hits land on their section (#anchor); only a recipe's summary lands on the top of its page",
          str([(r["kind"], r["href"]) for r in results[:6]]))
    results = search(browser, "avatar")
    kinds = [r["kind"] for r in results]
    check(bool(kinds) and kinds[0] in ("recipe", "section"), "for 'avatar', a recipe comes before code", str(kinds[:5]))
    code_at = kinds.index("code") if "code" in kinds else len(kinds)
    recipe_at = kinds.index("recipe") if "recipe" in kinds else len(kinds)
    check(recipe_at < code_at, "recipe entries rank above code entries", str(kinds[:10]))
    check(all(r["marks"] for r in results[:5]), "snippets mark the matched words", str([r["snippet"][:60] for r in results[:5]]))
    check(all("`" not in r["snippet"] for r in results), "snippets carry no Markdown backticks")
    results = search(browser, "NSE")
    # NSE is also the synonym "notification service extension"; every mark is a word that starts with one of those.
    starts = ("nse", "notification", "service", "extension")
    check(bool(results) and all(all(m.lower().startswith(starts) for m in r["marks"]) for r in results),
          "'NSE' matches whole words or prefixes, never inside other words", str([r["marks"][:4] for r in results[:6]]))
    results = search(browser, "webp")
    target = next((r["href"] for r in results if "#example-" in r["href"]), None)
    if target:
        browser.open((SITE / "search.html").as_uri().rsplit("/", 1)[0] + "/" + target, 1280)
        place = browser.evaluate("""(() => { const t = document.querySelector(':target'); if (!t) return null;
            const h = document.querySelector('.site-header').getBoundingClientRect().bottom;
            return {top: t.getBoundingClientRect().top, header: h}; })()""")
        check(place is not None and place["header"] <= place["top"] < 300, "a result's link opens its section just below the header", f"{target}: {place}")
    else:
        check(False, "a search for 'webp' lists its example", str([r["href"] for r in results[:5]]))
    results = search(browser, "zzqxj")
    check(results == [], "a word on no page finds nothing", str(results[:3]))
    browser.open((SITE / "search.html").as_uri() + "?q=" + urllib.parse.quote("<script>alert(1)</script>"), 1280)
    check(browser.evaluate("!document.querySelector('#search-results script')"), "a search for <script> is shown as text")
    requests, errors = browser.problems()
    check(not requests and not errors, "search makes no network request and logs no error", str(requests + errors)[:200])


def printing(browser):
    for page in sorted((SITE / "recipes").glob("*.html")):
        recipe = page.stem
        browser.open(page.as_uri(), 1280)
        data = browser.pdf()
        target = SHOTS / f"{recipe}-print.pdf"
        target.write_bytes(data)
        count = int(next(line.split()[-1] for line in subprocess.run(["pdfinfo", str(target)], capture_output=True, text=True).stdout.splitlines()
                         if line.startswith("Pages:")))
        check(count <= MAX_PRINT_PAGES, f"{recipe} prints on at most {MAX_PRINT_PAGES} pages", f"{count} pages")
        sparse = []
        for number in range(1, count):  # the last page may be short
            text = subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), str(target), "-"], capture_output=True, text=True).stdout
            if len(text.strip()) < 300:
                sparse.append(number)
        check(not sparse, f"{recipe} in print has no near-blank page", f"pages {sparse} of {count}")


PLAYGROUND_STATE = """(() => { const r = document.getElementById('playground');
  return {answers: Number(r && r.getAttribute('data-answers') || '0'), checked: Number(r && r.getAttribute('data-checked') || '0'),
          error: !!document.querySelector('#playground-output .playground-error')}; })()"""


def wait_checked(browser, before, timeout=15):
    """Waits until the playground has drawn more than `before` answers (a lint or an error)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = browser.evaluate(PLAYGROUND_STATE)
        if state["answers"] > before:
            return state
        browser.evaluate("new Promise(r => setTimeout(r, 50))")
    return browser.evaluate(PLAYGROUND_STATE)


def paste(browser, payload, headers=""):
    """Sets the playground's fields as a reader pasting would (input events), then waits for the answer."""
    before = browser.evaluate(PLAYGROUND_STATE)["answers"]
    browser.evaluate(f"""(() => {{ const p = document.getElementById('playground-payload'), h = document.getElementById('playground-headers');
        h.value = {json.dumps(headers)}; p.value = {json.dumps(payload)};
        h.dispatchEvent(new Event('input')); p.dispatchEvent(new Event('input')); }})()""")
    return wait_checked(browser, before)


FINDINGS = """Array.from(document.querySelectorAll('#playground-output .diagnostic')).map(li => ({
  rule: li.getAttribute('data-rule'), line: Number(li.getAttribute('data-line')), column: Number(li.getAttribute('data-column')),
  href: (li.querySelector('a.rule-link') || {getAttribute: () => null}).getAttribute('href'),
  inline: !!li.closest('.playground-finding'),
  after: (li.closest('.playground-finding') && li.closest('.playground-finding').previousElementSibling || {value: 0}).value }))"""


def trapping_module():
    """A WebAssembly module with the playground's exports whose pushbook_lint traps (`unreachable`)."""
    def leb(n):
        out = b""
        while True:
            byte, n = n & 0x7F, n >> 7
            out += bytes([byte | (0x80 if n else 0)])
            if not n:
                return out

    def vec(items):
        return leb(len(items)) + b"".join(items)

    def name(text):
        return leb(len(text)) + text.encode()

    def section(number, payload):
        return bytes([number]) + leb(len(payload)) + payload

    types = vec([b"\x60\x00\x00", b"\x60\x01\x7f\x01\x7f", b"\x60\x01\x7f\x00", b"\x60\x04\x7f\x7f\x7f\x7f\x01\x7f"])
    functions = vec([leb(t) for t in (0, 1, 2, 3, 1, 1)])
    exports = vec([name("memory") + b"\x02\x00"] + [name(n) + b"\x00" + leb(i) for i, n in enumerate(
        ["_initialize", "pushbook_alloc", "pushbook_free", "pushbook_lint", "pushbook_output", "pushbook_output_length"])])
    bodies = [b"\x00\x0b", b"\x00\x41\x80\x08\x0b", b"\x00\x0b", b"\x00\x00\x0b", b"\x00\x41\x00\x0b", b"\x00\x41\x00\x0b"]
    code = vec([leb(len(body)) + body for body in bodies])
    return b"\0asm\x01\0\0\0" + section(1, types) + section(3, functions) + section(5, vec([b"\x00\x01"])) + section(7, exports) + section(10, code)


def playground(browser):
    """The playground from file://: the linter runs in the page, findings sit at their line and link to their rule."""
    page = (SITE / "playground.html").as_uri()
    browser.open(page, 1280)
    state = wait_checked(browser, 0)
    check(state["checked"] >= 1 and not state["error"], "the playground loads the linter from file:// and checks its sample", str(state))
    check(browser.evaluate("!document.getElementById('playground').hidden"), "the playground's form is shown when JavaScript runs")
    check("Extension runs" in browser.evaluate("document.getElementById('playground-output').innerText"),
          "the sample FCM message runs the extension", browser.evaluate("document.getElementById('playground-output').innerText")[:200])

    mistake = '{\n  "aps": {\n    "alert": {"title": "Hi"},\n    "mutable-content": true\n  }\n}\n'
    paste(browser, mistake)
    findings = browser.evaluate(FINDINGS)
    hit = [f for f in findings if f["rule"] == "apns.flag-is-boolean"]
    check(len(hit) == 1 and hit[0]["line"] == 4 and hit[0]["column"] == 24 and hit[0]["inline"] and hit[0]["after"] == 4,
          "a pasted payload's mistake is shown under its line (4) at its column (24), with its rule", str(findings))
    href = hit[0]["href"] if hit else ""
    check(href == "rules.html#rule-apns-flag-is-boolean", "the finding links to its rule's anchor on rules.html", str(href))
    text = browser.evaluate("document.getElementById('playground-output').innerText")
    check("does not run" in text and "55 of 4096 bytes" in text, "the playground says the extension does not run, and the bytes used of the limit", text[:300])
    browser.open((SITE / "rules.html").as_uri(), 1280)
    check(browser.evaluate("!!document.getElementById('rule-apns-flag-is-boolean')"), "the rule's anchor exists on rules.html")

    browser.open(page, 1280)
    wait_checked(browser, 0)
    paste(browser, '{"aps": {"alert": "Hi"}}', "apns-id: 1234\napns-push-type: alert")
    findings = browser.evaluate(FINDINGS)
    text = browser.evaluate("document.getElementById('playground-output').innerText")
    check(any(f["rule"] == "apns.id-format" and not f["inline"] for f in findings) and "Refused" in text and "apns-id: 1234" in text,
          "header lines are APNs headers: a malformed apns-id is refused, and the headers are shown", str(findings)[:300])
    paste(browser, '{"aps": {"alert": "Hi"}}', "not a header")
    check("a header is NAME:VALUE (got 'not a header')" in browser.evaluate("document.getElementById('playground-output').innerText"),
          "a header line without a colon gets the CLI's message")

    hostile = '{"<img src=x onerror=\\"window.__pwned=1\\">": "<script>window.__pwned=2</script>", "aps": {"alert": "</textarea><b>x</b>"}}'
    paste(browser, hostile)
    inert = browser.evaluate("""(() => ({ pwned: window.__pwned === undefined,
        markup: document.querySelectorAll('#playground-output img, #playground-output script, #playground-output b').length,
        shown: document.getElementById('playground-output').innerText.includes('<img src=x onerror=') }))()""")
    check(inert["pwned"] and inert["markup"] == 0 and inert["shown"], "hostile text in a payload is shown as text, never run or parsed", str(inert))
    paste(browser, "[" * 100000)
    deep = browser.evaluate(FINDINGS)
    check(len(deep) == 1 and deep[0]["rule"] == "json.syntax" and deep[0]["column"] == 513,
          "100,000 nested brackets are one syntax error at the 513th, not a crash", str(deep)[:200])
    requests, errors = browser.problems()
    check(not requests and not errors, "the playground makes no network request and logs no error", str(requests + errors)[:300])

    # A module that traps: the page reports it as an error and keeps working.
    module = base64.b64encode(trapping_module()).decode()
    script = browser.call("Page.addScriptToEvaluateOnNewDocument", session=True, source=(
        "Object.defineProperty(window, 'PushbookPayloadsModule', {get: () => '" + module + "', set: () => {}});"))["identifier"]
    browser.open(page, 1280)
    state = wait_checked(browser, 0)
    status = browser.evaluate("(document.querySelector('#playground-output .playground-error') || {}).textContent || ''")
    check(state["error"] and "stopped" in status and "RuntimeError" in status, "a trap inside the module is caught and reported as an error", status)
    paste(browser, '{"aps": {}}')
    check(bool(browser.evaluate("!!document.querySelector('#playground-output .playground-error')")), "after a trap the page still answers the next check")
    browser.call("Page.removeScriptToEvaluateOnNewDocument", session=True, identifier=script)

    # Without JavaScript the page says what it needs and points to pushbook lint. (The page is parsed with
    # scripts off; scripts come back on only to read what was drawn.)
    browser.call("Emulation.setScriptExecutionDisabled", session=True, value=True)
    browser.events = []
    browser.call("Page.navigate", session=True, url=page)  # not open(): its settling wait is a script
    browser.wait_for("Page.loadEventFired")
    shot = SHOTS / "playground-no-javascript.png"
    browser.screenshot(shot)
    browser.call("Emulation.setScriptExecutionDisabled", session=True, value=False)
    nojs = browser.evaluate("""(() => { const n = document.querySelector('.playground-noscript');
        return {text: n ? n.innerText : '', visible: !!n && n.getBoundingClientRect().height > 0,
                form: document.getElementById('playground').hidden, checked: document.getElementById('playground').getAttribute('data-checked')}; })()""")
    check(nojs["visible"] and "JavaScript" in nojs["text"] and "pushbook lint" in nojs["text"] and nojs["form"] and not nojs["checked"],
          "without JavaScript the page says what it needs and points to pushbook lint; the form stays hidden", str(nojs))
    check(shot.stat().st_size > 5_000, f"screenshot {shot.name}")


def open_in_playground(browser):
    """Every push example on the recipe pages opens the playground with its payload in the URL fragment."""
    links = 0
    for recipe_page in sorted((SITE / "recipes").glob("*.html")):
        browser.open(recipe_page.as_uri(), 1280)
        found = browser.evaluate("""Array.from(document.querySelectorAll('section.example')).map(s => ({
            id: s.id, link: (s.querySelector('.example-playground a') || {href: ''}).href,
            local: /Local notification/.test((s.querySelector('.verdict') || {}).textContent || ''),
            rules: Array.from(s.querySelectorAll('.diagnostics a.rule-link')).map(a => a.textContent),
            sent: (s.querySelector('.payload-panel pre code') || {}).textContent || '' }))""")
        for example in found:
            if example["local"]:
                continue
            links += 1
            check(example["link"].startswith((SITE / "playground.html").as_uri() + "#payload="),
                  f"{recipe_page.name} {example['id']} offers 'Open in the playground' with the payload in the fragment", example["link"][:120])
        if recipe_page.name == "payload-pitfalls.html":
            target = next((e for e in found if e["id"] == "example-flag-is-boolean"), None)
            check(target is not None, "payload-pitfalls has the flag-is-boolean example")
            if target:
                browser.open(target["link"], 1280)
                wait_checked(browser, 0)
                value = browser.evaluate("document.getElementById('playground-payload').value")
                rules = sorted({f["rule"] for f in browser.evaluate(FINDINGS)})
                check(value.strip() == target["sent"].strip(), "following the link fills the playground with the example's payload", value[:120])
                check("apns.flag-is-boolean" in rules and set(rules) <= set(target["rules"]),
                      "the playground finds the recipe page's findings on that payload", f"{rules} vs {target['rules']}")
                requests, errors = browser.problems()
                check(not requests and not errors, "following 'Open in the playground' sends nothing beyond file://", str(requests + errors)[:300])
    check(links >= 20, "the recipe pages offer 'Open in the playground' for their push examples", f"{links} links")


def main():
    if not CHROMIUM:
        print("FAIL chromium is not installed (apt-get install chromium)")
        print("0 passed, 1 failed")
        return 1
    if not shutil.which("pdfinfo"):
        print("FAIL pdfinfo is not installed (apt-get install poppler-utils)")
        print("0 passed, 1 failed")
        return 1
    SHOTS.mkdir(parents=True, exist_ok=True)
    # Two groups of about the same length, side by side, one browser each: the pages at every width,
    # and everything else. An exception in a group is a failed check, not a lost thread.
    groups = [(canaries, pages), (send_it, searches, playground, open_in_playground, printing)]
    logs = [[] for _ in groups]

    def run(steps, lines):
        thread_lines.lines = lines
        browser = None
        try:
            browser = Browser()
            for step in steps:
                step(browser)
        except Exception as error:
            check(False, f"{step.__name__ if browser else 'Chromium'} ran to the end", repr(error))
        finally:
            if browser:
                browser.close()

    threads = [threading.Thread(target=run, args=(steps, lines)) for steps, lines in zip(groups, logs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for lines in logs:
        print("\n".join(lines))
    print(f"screenshots: {SHOTS}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
