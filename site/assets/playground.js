/* Pushbook playground: runs Pushbook's linter (Sources/Payloads compiled to WebAssembly with Embedded
   Swift) in the page. The module comes from assets/payloads-module.js as base64, so nothing is fetched
   and the page works from file://. Everything the page shows is set as text (textContent), never as
   HTML, so a payload cannot add markup; a trap inside the module is caught and reported.
   The root element records what the browser test and bench/playground.py read: data-answers (answers
   drawn, errors too), data-checked (lints), data-load-milliseconds (compiling and starting the module),
   data-lint-milliseconds (one call of the module and reading its answer), data-answer-milliseconds
   (the same, with drawing). */
(function () {
  'use strict';

  var root = document.getElementById('playground');
  if (!root) { return; }
  var payloadField = document.getElementById('playground-payload');
  var headersField = document.getElementById('playground-headers');
  var output = document.getElementById('playground-output');
  var share = document.getElementById('playground-share');
  var rules = {};
  try { rules = JSON.parse(root.getAttribute('data-rules') || '{}'); } catch (e) { rules = {}; }
  var encoder = new TextEncoder();
  var decoder = new TextDecoder('utf-8');
  var MAX_LINES_SHOWN = 2000;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) { node.className = className; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }

  function ruleLink(id) {
    var entry = Object.prototype.hasOwnProperty.call(rules, id) ? rules[id] : null;
    if (!entry) { return el('code', 'rule-link', id); }
    var a = el('a', 'rule-link', id);
    a.setAttribute('href', entry.href);
    a.setAttribute('title', entry.summary);
    return a;
  }

  /* ---------- The module ---------- */

  var ENOSYS = 52, EBADF = 8;
  var instance = null;
  var loading = null;
  var moduleOutput = '';

  function ModuleExit(code) { this.code = code; }

  function decodeBase64(text) {
    var binary = atob(text);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) { bytes[i] = binary.charCodeAt(i); }
    return bytes;
  }

  /* The few WASI functions wasi-libc may call; none reaches outside the page. */
  function wasi(memory) {
    return {
      fd_write: function (fd, iovs, count, written) {
        var view = new DataView(memory().buffer), total = 0;
        for (var i = 0; i < count; i++) {
          var pointer = view.getUint32(iovs + 8 * i, true), length = view.getUint32(iovs + 8 * i + 4, true);
          moduleOutput += decoder.decode(new Uint8Array(memory().buffer, pointer, length));
          total += length;
        }
        view.setUint32(written, total, true);
        return 0;
      },
      random_get: function (pointer, length) {
        for (var offset = 0; offset < length; offset += 65536) {
          crypto.getRandomValues(new Uint8Array(memory().buffer, pointer + offset, Math.min(65536, length - offset)));
        }
        return 0;
      },
      proc_exit: function (code) { throw new ModuleExit(code); },
      fd_close: function () { return EBADF; },
      fd_seek: function () { return EBADF; }
    };
  }

  function load() {
    if (instance) { return Promise.resolve(instance); }
    if (loading) { return loading; }
    if (typeof WebAssembly !== 'object' || typeof window.PushbookPayloadsModule !== 'string') {
      return Promise.reject(new Error('this browser cannot run WebAssembly, or assets/payloads-module.js did not load'));
    }
    var memory = null;
    var started = performance.now();
    loading = WebAssembly.compile(decodeBase64(window.PushbookPayloadsModule)).then(function (module) {
      var known = wasi(function () { return memory; });
      var imports = {};
      WebAssembly.Module.imports(module).forEach(function (entry) {
        if (entry.kind !== 'function') { throw new Error('the module imports ' + entry.module + '.' + entry.name); }
        imports[entry.module] = imports[entry.module] || {};
        imports[entry.module][entry.name] = known[entry.name] || function () { return ENOSYS; };
      });
      return WebAssembly.instantiate(module, imports);
    }).then(function (created) {
      memory = created.exports.memory;
      created.exports._initialize();
      root.setAttribute('data-load-milliseconds', (performance.now() - started).toFixed(3));
      instance = created;
      loading = null;
      return created;
    }, function (error) {
      loading = null;
      throw error;
    });
    return loading;
  }

  /* Lints `bytes` with the header lines `headers`; returns the module's answer, or throws. */
  function lint(module, bytes, headers) {
    var e = module.exports;
    var head = encoder.encode(headers);
    var input = e.pushbook_alloc(bytes.length), lines = e.pushbook_alloc(head.length);
    try {
      new Uint8Array(e.memory.buffer, input, bytes.length).set(bytes);
      new Uint8Array(e.memory.buffer, lines, head.length).set(head);
      var status = e.pushbook_lint(input, bytes.length, lines, head.length);
      var part = function (n) {
        var pointer = e.pushbook_output(n), length = e.pushbook_output_length(n);
        return decoder.decode(new Uint8Array(e.memory.buffer, pointer, length).slice());
      };
      if (status !== 0) { return { headerError: part(0) }; }
      return { report: JSON.parse(part(0)), verdict: JSON.parse(part(1)) };
    } finally {
      e.pushbook_free(input);
      e.pushbook_free(lines);
    }
  }

  /* ---------- Drawing the answer ---------- */

  /* Replaces the answer; data-answers counts every answer drawn (errors too), data-checked the lints. */
  function show(nodes) {
    while (output.firstChild) { output.removeChild(output.firstChild); }
    nodes.forEach(function (node) { output.appendChild(node); });
    root.setAttribute('data-answers', String(Number(root.getAttribute('data-answers') || '0') + 1));
  }

  function status(text, className) {
    return el('p', 'playground-status' + (className ? ' ' + className : ''), text);
  }

  /* The UTF-16 offset in `line` of 1-based UTF-8 byte column `column` (the linter counts bytes). */
  function offsetOfColumn(line, column) {
    var bytes = 0, index = 0;
    while (index < line.length && bytes < column - 1) {
      var code = line.codePointAt(index);
      bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      index += code > 0xFFFF ? 2 : 1;
    }
    return index;
  }

  function diagnosticItem(d, showPlace) {
    var li = el('li', 'diagnostic diagnostic-' + d.severity);
    li.setAttribute('data-rule', d.rule);
    li.setAttribute('data-line', String(d.line));
    li.setAttribute('data-column', String(d.column));
    li.appendChild(el('span', 'severity', d.severity));
    li.appendChild(el('span', 'diagnostic-message', d.message));
    if (showPlace) {
      li.appendChild(document.createTextNode(' '));
      li.appendChild(el('span', 'where', d.line > 0 ? 'line ' + d.line + ', column ' + d.column : 'the whole file'));
    }
    li.appendChild(document.createTextNode(' '));
    li.appendChild(ruleLink(d.rule));
    return li;
  }

  /* The input, line by line, with each diagnostic under its line and a caret at its column. */
  function source(text, diagnostics) {
    var block = el('div', 'playground-source');
    block.appendChild(el('h2', null, 'Your payload, with the findings in place'));
    var list = el('ol', 'playground-lines');
    var lines = text.split('\n');
    if (lines.length > 1 && lines[lines.length - 1] === '') { lines.pop(); }
    var byLine = {};
    var fileLevel = [];
    diagnostics.forEach(function (d) {
      if (d.line > 0 && d.line <= lines.length) { (byLine[d.line] = byLine[d.line] || []).push(d); } else { fileLevel.push(d); }
    });
    if (fileLevel.length) {
      var top = el('ul', 'diagnostics playground-file-level');
      fileLevel.forEach(function (d) { top.appendChild(diagnosticItem(d, true)); });
      block.appendChild(top);
    }
    var shown = Math.min(lines.length, MAX_LINES_SHOWN);
    for (var n = 1; n <= shown; n++) {
      var item = el('li', 'playground-line');
      item.setAttribute('value', String(n));
      item.appendChild(el('code', null, lines[n - 1].length ? lines[n - 1] : ' '));
      list.appendChild(item);
      (byLine[n] || []).forEach(function (d) {
        var note = el('li', 'playground-finding');
        note.setAttribute('value', String(n));
        var caret = el('code', 'playground-caret', lines[n - 1].slice(0, offsetOfColumn(lines[n - 1], d.column)).replace(/[^\t]/g, ' ') + '^');
        caret.setAttribute('aria-hidden', 'true');
        note.appendChild(caret);
        var inner = el('ul', 'diagnostics');
        inner.appendChild(diagnosticItem(d, true));
        note.appendChild(inner);
        list.appendChild(note);
      });
    }
    block.appendChild(list);
    if (lines.length > shown) {
      block.appendChild(el('p', 'playground-more', (lines.length - shown) + ' more lines not shown; findings on them:'));
      var rest = el('ul', 'diagnostics');
      diagnostics.filter(function (d) { return d.line > shown; }).forEach(function (d) { rest.appendChild(diagnosticItem(d, true)); });
      block.appendChild(rest);
    }
    return block;
  }

  function verdictBlock(report, verdict) {
    var file = report.files[0];
    var block = el('div', 'playground-verdict');
    var badges = el('p', 'verdict');
    var kinds = { 'fcm-v1': 'FCM HTTP v1 message', 'apns': 'APNs payload', 'simulator': 'Xcode Simulator file' };
    badges.appendChild(el('span', 'badge badge-note', file.kind ? kinds[file.kind] || file.kind : 'Not a push payload'));
    if (verdict.apns) {
      badges.appendChild(el('span', 'badge badge-' + (verdict.accepted ? 'ok' : 'error'),
        (verdict.accepted ? 'Accepted' : 'Refused') + ' · ' + verdict.apns.bytes + ' of ' + verdict.apns.limit + ' bytes'));
      if (verdict.fcm) {
        badges.appendChild(el('span', 'badge badge-' + (verdict.fcm.bytes > verdict.fcm.limit ? 'error' : 'note'),
          'FCM counts ' + verdict.fcm.bytes + ' of ' + verdict.fcm.limit + ' bytes'));
      }
      var ext = verdict.extension;
      badges.appendChild(el('span', 'badge badge-' + (ext.runs ? 'ok' : 'warning'), ext.runs ? 'Extension runs' : 'Extension not run'));
    } else {
      badges.appendChild(el('span', 'badge badge-error', 'Refused'));
    }
    var counts = { error: 0, warning: 0, note: 0 };
    file.diagnostics.forEach(function (d) { counts[d.severity] = (counts[d.severity] || 0) + 1; });
    var summary = [];
    ['error', 'warning', 'note'].forEach(function (s) { if (counts[s]) { summary.push(counts[s] + ' ' + s + (counts[s] === 1 ? '' : 's')); } });
    badges.appendChild(el('span', 'verdict-size', summary.length ? summary.join(', ') : 'no findings'));
    block.appendChild(badges);
    if (verdict.apns) {
      var why = el('p', 'playground-extension');
      why.setAttribute('data-runs', String(verdict.extension.runs));
      why.appendChild(el('strong', null, verdict.extension.runs ? 'The service extension runs. ' : 'The service extension does not run. '));
      why.appendChild(document.createTextNode(verdict.extension.explanation + ' '));
      why.appendChild(ruleLink(verdict.extension.rule));
      block.appendChild(why);
      var meter = el('meter', 'playground-meter');
      meter.setAttribute('min', '0');
      meter.setAttribute('max', String(verdict.apns.limit));
      meter.setAttribute('value', String(Math.min(verdict.apns.bytes, verdict.apns.limit)));
      meter.setAttribute('high', String(Math.floor(verdict.apns.limit * 0.9)));
      meter.setAttribute('aria-label', 'APNs payload size: ' + verdict.apns.bytes + ' of ' + verdict.apns.limit + ' bytes');
      block.appendChild(meter);
    }
    return block;
  }

  function requestBlock(verdict) {
    var block = el('div', 'playground-request');
    var fcm = verdict.kind === 'fcm-v1';
    block.appendChild(el('h2', null, fcm ? 'What FCM sends to APNs' : 'What APNs gets'));
    if (verdict.apns.headers.length) {
      var headers = el('pre', 'playground-headers-out');
      headers.appendChild(el('code', null, verdict.apns.headers.map(function (h) { return h[0] + ': ' + h[1]; }).join('\n')));
      block.appendChild(headers);
    }
    var figure = el('div', 'code-block');
    figure.appendChild(el('div', 'code-caption', (fcm ? 'The APNs payload FCM sends' : 'The payload as it reaches the device') + ' · ' + verdict.apns.bytes + ' bytes'));
    var pre = el('pre');
    pre.appendChild(el('code', 'language-json', verdict.apns.payload));
    figure.appendChild(pre);
    block.appendChild(figure);
    return block;
  }

  /* ---------- Running ---------- */

  var dropped = null; /* the bytes of a dropped file, linted as they are until the text is edited */
  var timer = null;

  function currentBytes() { return dropped || encoder.encode(payloadField.value); }

  function updateShareLink() {
    var params = 'payload=' + base64URL(encoder.encode(payloadField.value));
    if (headersField.value.trim()) { params += '&headers=' + base64URL(encoder.encode(headersField.value)); }
    share.setAttribute('href', 'playground.html#' + params);
  }

  function base64URL(bytes) {
    var binary = '';
    for (var i = 0; i < bytes.length; i += 8192) { binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 8192)); }
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  function fromBase64URL(text) {
    var base64 = text.replace(/-/g, '+').replace(/_/g, '/');
    while (base64.length % 4) { base64 += '='; }
    return decoder.decode(decodeBase64(base64));
  }

  function check() {
    timer = null;
    var bytes = currentBytes();
    var text = dropped ? decoder.decode(dropped) : payloadField.value;
    var headers = headersField.value;
    updateShareLink();
    load().then(function (module) {
      var started = performance.now();
      var answer;
      moduleOutput = '';
      try {
        answer = lint(module, bytes, headers);
      } catch (error) {
        instance = null; /* a trapped module may be in any state: start a fresh one next time */
        var message = error instanceof ModuleExit ? 'the module exited (status ' + error.code + ')' : String(error);
        show([status('The linter stopped on this input: ' + message + (moduleOutput ? ' — ' + moduleOutput.trim() : '') +
          '. This is a bug in Pushbook; pushbook lint on the command line checks the same input.', 'playground-error')]);
        return;
      }
      root.setAttribute('data-lint-milliseconds', (performance.now() - started).toFixed(3));
      if (answer.headerError) {
        show([status('APNs headers: ' + answer.headerError + '. Write one name: value a line.', 'playground-error')]);
        return;
      }
      var file = answer.report.files[0];
      var nodes = [verdictBlock(answer.report, answer.verdict)];
      nodes.push(source(text, file.diagnostics));
      if (answer.verdict.apns) { nodes.push(requestBlock(answer.verdict)); }
      root.setAttribute('data-checked', String(Number(root.getAttribute('data-checked') || '0') + 1));
      show(nodes);
      root.setAttribute('data-answer-milliseconds', (performance.now() - started).toFixed(3));
    }, function (error) {
      show([status('The linter could not start: ' + String(error && error.message || error) +
        '. Run pushbook lint on the command line instead.', 'playground-error')]);
    });
  }

  function schedule() {
    if (timer) { clearTimeout(timer); }
    timer = setTimeout(check, 150);
  }

  payloadField.addEventListener('input', function () { dropped = null; schedule(); });
  headersField.addEventListener('input', schedule);
  document.getElementById('playground-check').addEventListener('click', check);

  payloadField.addEventListener('dragover', function (event) { event.preventDefault(); });
  payloadField.addEventListener('drop', function (event) {
    var files = event.dataTransfer && event.dataTransfer.files;
    if (!files || !files.length) { return; }
    event.preventDefault();
    var reader = new FileReader();
    reader.onload = function () {
      dropped = new Uint8Array(reader.result);
      payloadField.value = decoder.decode(dropped);
      check();
    };
    reader.readAsArrayBuffer(files[0]);
  });

  /* A link from a recipe page: #payload=<base64url UTF-8>&headers=<base64url UTF-8>. */
  /* Fills the fields from the link; false (with the error shown) when the link cannot be read. */
  function readFragment() {
    var hash = window.location.hash.replace(/^#/, '');
    if (!hash) { return true; }
    var params = new URLSearchParams(hash);
    try {
      if (params.has('payload')) { payloadField.value = fromBase64URL(params.get('payload')); dropped = null; }
      if (params.has('headers')) { headersField.value = fromBase64URL(params.get('headers')); }
      return true;
    } catch (e) {
      show([status('The link\'s payload could not be read; paste the payload instead.', 'playground-error')]);
      return false;
    }
  }

  window.addEventListener('hashchange', function () { if (readFragment()) { check(); } });
  root.hidden = false;
  if (readFragment()) { check(); }
})();
