// Recomputes a game's throws from its revealed seed in the browser (WebCrypto), by the
// procedure of docs/fairness.md: commitment = SHA-256(seed); block_b = HMAC-SHA256(seed,
// game_id ‖ 0 ‖ seeds joined by 0 ‖ 0 ‖ throw_no (u64 BE) ‖ b (u32 BE)); rejection sampling.

const FACES = { d4: [4, 1], d6: [6, 1], stick: [2, 0] };

function hexToBytes(hex) {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('the seed is not 64 hex digits');
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
const toHex = (buf) => [...new Uint8Array(buf)].map(b => b.toString(16).padStart(2, '0')).join('');

export async function commitmentOf(seedHex) {
  return toHex(await crypto.subtle.digest('SHA-256', hexToBytes(seedHex)));
}

export async function deriveThrow(key, gameId, clientSeeds, throwNo, spec) {
  const [faces, min] = FACES[spec.die];
  const limit = 256 - (256 % faces);
  const enc = new TextEncoder();
  const head = [enc.encode(gameId), new Uint8Array([0])];
  clientSeeds.forEach((s, i) => { if (i > 0) head.push(new Uint8Array([0])); head.push(enc.encode(s)); });
  head.push(new Uint8Array([0]));
  const no = new Uint8Array(8);
  new DataView(no.buffer).setBigUint64(0, BigInt(throwNo));
  head.push(no);
  const out = [];
  for (let b = 0; out.length < spec.count; b++) {
    const bi = new Uint8Array(4);
    new DataView(bi.buffer).setUint32(0, b);
    const msg = new Uint8Array([...head.flatMap(x => [...x]), ...bi]);
    const block = new Uint8Array(await crypto.subtle.sign('HMAC', key, msg));
    for (const x of block) {
      if (out.length === spec.count) break;
      if (x < limit) out.push(min + (x % faces));
    }
  }
  return out;
}

// Checks a game record (GET /api/matches/{id}/games/{n}); returns the verdict per throw.
export async function verifyRecord(record) {
  if (!record.seed) return { revealed: false, ok: false, throws: [] };
  const commitment_ok = (await commitmentOf(record.seed)) === record.commitment.toLowerCase();
  const key = await crypto.subtle.importKey('raw', hexToBytes(record.seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const throws = [];
  for (const e of record.events) {
    if (e.kind !== 'thrown') continue;
    const expected = await deriveThrow(key, record.game_id, record.client_seeds, e.throw_no, e.spec);
    throws.push({ no: e.no, throw_no: e.throw_no, claimed: e.faces, expected, ok: expected.join() === e.faces.join() });
  }
  return { revealed: true, commitment_ok, throws, ok: commitment_ok && throws.every(t => t.ok) };
}
