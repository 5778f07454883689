// The replay page's record check (web/verify.js) on every record of
// tests/fixtures/tampered-records.json, in real headless Chromium (WebCrypto): the genuine
// record verifies; each tampered copy is refused with its `browser_reason` (the same code as
// the Rust checker's `reason`, except for what only the engine replay can see, where the
// browser's dice check passes: `browser_reason` null). Needs no server:
//
//   (cd tests/browser && npm ci) && node tests/browser/verify-fixtures.mjs
//
// The page is served by request interception from http://127.0.0.1 (a secure context, which
// WebCrypto needs); nothing goes to the network.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { ROOT, collectErrors, launch } from './harness.mjs';

const fixture = JSON.parse(readFileSync(path.join(ROOT, 'tests/fixtures/tampered-records.json'), 'utf8'));
const verifySource = readFileSync(path.join(ROOT, 'web/verify.js'), 'utf8');

const browser = await launch();
let failed = 0;
try {
  const page = await (await browser.newContext()).newPage();
  const errors = collectErrors(page, []);
  await page.route('http://127.0.0.1/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/verify.js') return route.fulfill({ contentType: 'text/javascript', body: verifySource });
    if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>verify fixtures</title>' });
    return route.fulfill({ status: 404, body: 'not found' });
  });
  await page.route(/^(?!http:\/\/127\.0\.0\.1\/).*/, (route) => route.abort());
  await page.goto('http://127.0.0.1/');
  assert.equal(await page.evaluate(() => window.isSecureContext), true, 'WebCrypto needs a secure context');

  const results = await page.evaluate(async (fx) => {
    const m = await import('/verify.js');
    const out = { genuine: await m.verifyRecord(fx.genuine), cases: [] };
    for (const c of fx.cases) {
      // A deep copy: the check must not depend on object identity.
      out.cases.push({ name: c.name, verdict: await m.verifyRecord(JSON.parse(JSON.stringify(c.record))) });
    }
    // The old export still derives a throw the same way.
    const g = fx.genuine;
    const first = g.events.find(e => e.kind === 'thrown');
    const bytes = Uint8Array.from(g.seed.match(/../g).map(h => parseInt(h, 16)));
    const key = await crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    out.first = { claimed: first.faces, derived: await m.deriveThrow(key, g.game_id, g.client_seeds, 1, first.spec) };
    out.commitment = (await m.commitmentOf(g.seed)) === g.commitment;
    return out;
  }, fixture);

  const g = results.genuine;
  const check = (name, fn) => {
    try { fn(); console.log(`ok   ${name}`); } catch (e) { failed++; console.log(`FAIL ${name}: ${e.message}`); }
  };
  check('genuine', () => {
    assert.equal(g.ok, true, JSON.stringify({ reason: g.reason, message: g.message }));
    assert.equal(g.reason, null);
    // What web/replay.js reads.
    assert.equal(g.revealed, true);
    assert.equal(g.commitment_ok, true);
    assert.ok(g.throws.length >= 10);
    assert.ok(g.throws.every(t => t.ok && Array.isArray(t.claimed) && Array.isArray(t.expected) && typeof t.throw_no === 'number'));
    assert.deepEqual(results.first.derived, results.first.claimed);
    assert.equal(results.commitment, true);
  });
  for (const [i, c] of fixture.cases.entries()) {
    const r = results.cases[i];
    check(`${c.name} -> ${c.browser_reason ?? 'passes the dice steps'}`, () => {
      if (c.browser_reason === null) {
        assert.equal(r.verdict.ok, true, JSON.stringify(r.verdict.reason));
        assert.equal(r.verdict.engine_checked, false);
      } else {
        assert.equal(r.verdict.ok, false);
        assert.equal(r.verdict.reason, c.browser_reason, r.verdict.message);
        assert.equal(r.verdict.revealed, c.record.seed != null);
      }
    });
  }
  check('no page errors', () => assert.deepEqual(errors, []));
} finally {
  await browser.close();
}
console.log(failed ? `${failed} FAILED` : `all ${fixture.cases.length + 2} checks passed`);
process.exit(failed ? 1 : 0);
