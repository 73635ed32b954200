#!/usr/bin/env python3
"""The playground's linter in Chromium against the native `pushbook lint`, on the same 4 KB inputs.

Usage: python3 bench/playground.py [SITE [PUSHBOOK]]     defaults: site, .build/release/pushbook

- Module size: the .wasm inside SITE/assets/payloads-module.js (raw, gzip -9) and the .js file itself.
- In the browser: headless Chromium (Tests/Browser/browser_test.py's driver) opens SITE/playground.html
  from file://, pastes each input, then presses Check RUNS times; the page records each lint's time
  (data-lint-milliseconds: the module call and reading its answer) and with drawing
  (data-answer-milliseconds). The module's compile-and-start time is data-load-milliseconds.
- Native: `pushbook lint --format json` on 1 copy and on 1 + REPEAT copies of the file in one process;
  the difference divided by REPEAT is one lint with its JSON (no process start). The median of 5 runs.

Prints a Markdown table for BENCHMARKS.md. Build the release binary first:
swift build -c release --product pushbook
"""
import base64
import gzip
import importlib.util
import json
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parent.parent
SITE = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else REPO / "site").resolve()
PUSHBOOK = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else REPO / ".build/release/pushbook").resolve()
RUNS = 200
REPEAT = 1000


def apns_input():
    """An APNs payload of 4,096 bytes as a file: an alert, a thread, and custom keys an app reads."""
    custom = {f"item-{i:02d}": {"id": f"msg-{i:04d}", "sender": "Mina", "text": "See you at the pier at seven."} for i in range(35)}
    payload = {"aps": {"alert": {"title": "Mina", "body": "Trail map for Saturday"}, "mutable-content": 1, "thread-id": "chat-42"}}
    payload.update(custom)
    return fit(payload, lambda p, n: p.update({"pad": "x" * n}))


def fcm_input():
    """An FCM HTTP v1 message of 4,096 bytes as a file: notification, apns block, data keys."""
    data = {f"key{i:02d}": f"value number {i} for the app" for i in range(75)}
    message = {"message": {"token": "DEVICE_REGISTRATION_TOKEN", "notification": {"title": "Mina", "body": "Trail map", "image": "https://cdn.example.com/t.jpg"},
                           "apns": {"headers": {"apns-priority": "10"}, "payload": {"aps": {"mutable-content": 1}}}, "data": data}}
    return fit(message, lambda m, n: m["message"]["data"].update({"pad": "x" * n}))


def fit(value, pad, size=4096):
    """`value` pretty-printed, padded by `pad` to exactly `size` bytes."""
    pad(value, 0)
    text = json.dumps(value, indent=2) + "\n"
    pad(value, max(0, size - len(text.encode())))
    text = json.dumps(value, indent=2) + "\n"
    assert len(text.encode()) == size, len(text.encode())
    return text


def browser_driver():
    sys.argv = [sys.argv[0], str(SITE), tempfile.mkdtemp(prefix="pushbook-bench-shots-")]
    spec = importlib.util.spec_from_file_location("browser_test", REPO / "Tests/Browser/browser_test.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def in_browser(inputs):
    bt = browser_driver()
    browser = bt.Browser()
    results = {}
    try:
        for name, text in inputs.items():
            browser.open((SITE / "playground.html").as_uri(), 1280)
            bt.wait_checked(browser, 0)
            load = float(browser.evaluate("document.getElementById('playground').getAttribute('data-load-milliseconds')"))
            bt.paste(browser, text)
            lint, answer = [], []
            for _ in range(RUNS):
                before = browser.evaluate(bt.PLAYGROUND_STATE)["answers"]
                browser.evaluate("document.getElementById('playground-check').click()")
                bt.wait_checked(browser, before)
                lint.append(float(browser.evaluate("document.getElementById('playground').getAttribute('data-lint-milliseconds')")))
                answer.append(float(browser.evaluate("document.getElementById('playground').getAttribute('data-answer-milliseconds')")))
            findings = len(browser.evaluate(bt.FINDINGS))
            requests, errors = browser.problems()
            assert not requests and not errors, (requests, errors)
            results[name] = {"load": load, "lint": statistics.median(lint), "lint_mean": statistics.mean(lint), "lint_min": min(lint),
                             "answer": statistics.median(answer), "findings": findings}
    finally:
        browser.close()
    return results


def native(path):
    def run(count):
        times = []
        for _ in range(5):
            started = time.perf_counter()
            subprocess.run([str(PUSHBOOK), "lint", "--format", "json"] + [str(path)] * count, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append(time.perf_counter() - started)
        return statistics.median(times)
    one, many = run(1), run(1 + REPEAT)
    return {"process": one * 1000, "lint": (many - one) / REPEAT * 1000}


def chromium_version():
    import shutil
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or "chromium"
    return subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip()


def main():
    script = (SITE / "assets/payloads-module.js").read_text()
    wasm = base64.b64decode(re.search(r'"([A-Za-z0-9+/=]{1000,})"', script).group(1))
    assert wasm[:4] == b"\0asm"
    inputs = {"APNs payload, 4,096 bytes": apns_input(), "FCM v1 message, 4,096 bytes": fcm_input()}
    folder = pathlib.Path(tempfile.mkdtemp(prefix="pushbook-bench-playground-"))
    natives = {}
    for index, (name, text) in enumerate(inputs.items()):
        path = folder / f"input-{index}.json"
        path.write_text(text)
        natives[name] = native(path)
    browser = in_browser(inputs)
    print(f"| module | bytes |\n|---|---|\n| payloads-reactor.wasm | {len(wasm):,} |\n| gzip -9 | {len(gzip.compress(wasm, 9)):,} |\n"
          f"| assets/payloads-module.js (base64) | {len(script.encode()):,} |\n")
    print("| input | findings | Chromium: lint, median of %d (mean; min) | Chromium: lint and draw | native: one lint in-process | ratio Chromium / native (means) | native: whole `pushbook lint` process | module compile and start |" % RUNS)
    print("|---|---|---|---|---|---|---|---|")
    for name in inputs:
        b, n = browser[name], natives[name]
        print(f"| {name} | {b['findings']} | {b['lint']:.2f} ms ({b['lint_mean']:.2f}; {b['lint_min']:.2f}) | {b['answer']:.2f} ms | {n['lint']:.3f} ms | {b['lint_mean'] / n['lint']:.1f}× | {n['process']:.1f} ms | {b['load']:.1f} ms |")
    print(f"\n{chromium_version()}; performance.now() is coarsened to 0.1 ms in pages, hence the mean; load average {open('/proc/loadavg').read().split()[0]}.")


if __name__ == "__main__":
    main()
