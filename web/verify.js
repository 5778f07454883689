// Checks a game record (GET /api/matches/{id}/games/{n}) in the browser (WebCrypto), by the
// procedure of docs/fairness.md, "Checking a record": the same steps in the same order as the
// Rust checker (match/src/record.rs, GameRecord::check), with the same reason codes, except
// the last step (the replay through the engine), which needs the engine: a record this check
// passes has fair dice, but its moves are only checked by `senet-server verify`.
//
// Dice (fairness.md §3): commitment = SHA-256(seed); block_b = HMAC-SHA256(seed, game_id ‖ 0 ‖
// client seeds joined by 0 ‖ 0 ‖ throw_no (u64 BE) ‖ b (u32 BE)); rejection sampling.

const FACES = { d4: [4, 1], d6: [6, 1], stick: [2, 0] };
const MAX_DICE = 4;

/** Most throws a record may hold (dice::MAX_RECORD_THROWS). */
export const MAX_RECORD_THROWS = 100000;
/** Most events a record may hold (record::MAX_RECORD_EVENTS). */
export const MAX_RECORD_EVENTS = 5 * MAX_RECORD_THROWS;

const LOWER_HEX_64 = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[A-Za-z0-9_-]{0,64}$/;

function hexToBytes(hex) {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('the seed is not 64 hex digits');
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}
const toHex = (buf) => [...new Uint8Array(buf)].map(b => b.toString(16).padStart(2, '0')).join('');

// JSON with sorted keys: equality of two parsed JSON values.
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map(k => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}
const same = (a, b) => canon(a) === canon(b);

export async function commitmentOf(seedHex) {
  return toHex(await crypto.subtle.digest('SHA-256', hexToBytes(seedHex)));
}

// game_id ‖ 0x00 ‖ seed_1 ‖ 0x00 ‖ … ‖ seed_n ‖ 0x00: the same for every throw of a game.
function prefixOf(gameId, clientSeeds) {
  const enc = new TextEncoder();
  const parts = [enc.encode(gameId), new Uint8Array([0])];
  clientSeeds.forEach((s, i) => { if (i > 0) parts.push(new Uint8Array([0])); parts.push(enc.encode(s)); });
  parts.push(new Uint8Array([0]));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

async function facesFrom(key, prefix, throwNo, spec) {
  const [faces, min] = FACES[spec.die];
  const limit = 256 - (256 % faces);
  const msg = new Uint8Array(prefix.length + 12);
  msg.set(prefix);
  const view = new DataView(msg.buffer);
  view.setBigUint64(prefix.length, BigInt(throwNo));
  const out = [];
  for (let b = 0; out.length < spec.count; b++) {
    view.setUint32(prefix.length + 8, b);
    const block = new Uint8Array(await crypto.subtle.sign('HMAC', key, msg));
    for (const x of block) {
      if (out.length === spec.count) break;
      if (x < limit) out.push(min + (x % faces));
    }
  }
  return out;
}

// The faces of throw number `throwNo` (key: the seed imported as an HMAC-SHA256 key).
export async function deriveThrow(key, gameId, clientSeeds, throwNo, spec) {
  return facesFrom(key, prefixOf(gameId, clientSeeds), throwNo, spec);
}

class Refusal extends Error {
  constructor(reason, message) { super(message); this.reason = reason; }
}
const refuse = (reason, message) => { throw new Refusal(reason, message); };

const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isUint = (v) => Number.isInteger(v) && v >= 0;

// The shape serde would refuse in Rust (`malformed`): only what the steps below rely on.
function checkShape(r) {
  const ok = isObj(r) && Array.isArray(r.events) && Array.isArray(r.seats) && Array.isArray(r.client_seeds) &&
    typeof r.game_id === 'string' && typeof r.commitment === 'string' && (r.seed == null || typeof r.seed === 'string') &&
    isObj(r.setup) && isUint(r.game) && r.client_seeds.every(s => typeof s === 'string') &&
    r.events.every(e => isObj(e) && typeof e.kind === 'string' && isUint(e.game) &&
      (e.kind !== 'thrown' || (isUint(e.throw_no) && isObj(e.spec) && e.spec.die in FACES && isUint(e.spec.count) &&
        e.spec.count <= 255 && Array.isArray(e.faces) && e.faces.every(f => isUint(f) && f <= 255))) &&
      (e.kind !== 'client_seed' || (isUint(e.seat) && e.seat <= 255 && typeof e.seed === 'string')) &&
      (e.kind !== 'game_over' || (typeof e.seed === 'string' && Array.isArray(e.client_seeds))) &&
      (e.kind !== 'game_started' || (typeof e.game_id === 'string' && typeof e.commitment === 'string')));
  if (!ok) refuse('malformed', 'not a game record');
}

// Steps 1–5: size, game_started, commitment, client seeds, reveal (as GameRecord::check).
function consistencySteps(r) {
  // 1. Size.
  if (r.events.length > MAX_RECORD_EVENTS) refuse('too_many_events', `${r.events.length} events; at most ${MAX_RECORD_EVENTS}`);
  const nThrows = r.events.filter(e => e.kind === 'thrown').length;
  if (nThrows > MAX_RECORD_THROWS) refuse('too_many_throws', `${nThrows} throws; at most ${MAX_RECORD_THROWS}`);
  // 2. game_started: first and only; every event of this game; the record's game id and setup.
  const start = r.events[0];
  if (!start || start.kind !== 'game_started') refuse('bad_game_started', 'the first event must be game_started');
  if (r.events.slice(1).some(e => e.kind === 'game_started')) refuse('bad_game_started', 'a second game_started event');
  const other = r.events.find(e => e.game !== r.game);
  if (other) refuse('game_mismatch', `event ${other.no} is of game ${other.game}, the record of game ${r.game}`);
  if (start.game_id !== r.game_id) refuse('game_id_mismatch', `game_started has game id ${start.game_id}, the record ${r.game_id}`);
  if (start.variant !== r.variant || !same(start.setup, r.setup) || !same(start.seats, r.seats)) {
    refuse('setup_mismatch', "game_started's variant, setup or seats differ from the record's");
  }
  const n = r.seats.length;
  const sorted = [...r.seats].sort((a, b) => a - b);
  if (n !== r.setup.players || sorted.some((s, i) => s !== i + 1)) {
    refuse('bad_seats', `seats ${JSON.stringify(r.seats)} are not the seats 1 to ${r.setup.players} once each`);
  }
  // 3. The commitment.
  if (start.commitment !== r.commitment) refuse('commitment_mismatch', "the record's commitment is not the one game_started published");
  // 4. Client seeds.
  if (r.client_seeds.length !== n) refuse('client_seed_mismatch', `${r.client_seeds.length} client seeds for ${n} seats`);
  const given = new Array(n).fill(false);
  let thrown = false;
  for (const e of r.events) {
    if (e.kind === 'thrown') thrown = true;
    if (e.kind !== 'client_seed') continue;
    const i = e.seat - 1;
    if (!(i >= 0 && i < n)) refuse('bad_seat', `event ${e.no}: seat ${e.seat} does not play`);
    if (thrown) refuse('client_seed_late', `event ${e.no}: a client seed after the first throw`);
    if (given[i]) refuse('client_seed_repeated', `event ${e.no}: seat ${e.seat} gave a second client seed`);
    given[i] = true;
    if (!CLIENT_SEED.test(e.seed)) refuse('bad_client_seed', `event ${e.no}: a client seed is 0 to 64 characters of A-Z a-z 0-9 - _`);
    if (e.seed !== r.client_seeds[i]) refuse('client_seed_mismatch', `event ${e.no}: seat ${e.seat} sent client seed "${e.seed}", the record says "${r.client_seeds[i]}"`);
  }
  const silent = given.findIndex((g, i) => !g && r.client_seeds[i] !== '');
  if (silent >= 0) refuse('client_seed_mismatch', `seat ${silent + 1} sent no client seed, but the record says "${r.client_seeds[silent]}"`);
  // 5. The reveal.
  const overs = r.events.filter(e => e.kind === 'game_over');
  if (overs.length > 1) refuse('bad_game_over', 'a second game_over event');
  const over = overs[0];
  const seed = r.seed ?? null;
  if (over && seed === null) refuse('seed_mismatch', 'game_over revealed a seed but the record has none');
  if (!over && seed !== null) refuse('seed_mismatch', 'the record has a seed but no game_over event revealed it');
  if (over) {
    if (over.seed !== seed) refuse('seed_mismatch', "the record's seed is not the one game_over revealed");
    if (!same(over.client_seeds, r.client_seeds)) refuse('client_seed_mismatch', "game_over's client seeds differ from the record's");
  }
}

const possible = (spec) => spec.count >= 1 && spec.count <= MAX_DICE;

/**
 * Checks a record by every step of docs/fairness.md ("Checking a record") but the engine
 * replay. Resolves to
 *   { revealed, ok, reason, message, commitment_ok, throws: [{ no, throw_no, claimed, expected, ok }],
 *     engine_checked: false }
 * `ok` means every step but the replay passed; `reason` is the code of the first step that
 * failed (`not_revealed` while the seed is secret). `throws` is filled when the dice steps ran.
 */
export async function verifyRecord(record) {
  const revealed = isObj(record) && typeof record.seed === 'string';
  const verdict = { revealed, ok: false, reason: null, message: null, commitment_ok: false, throws: [], engine_checked: false };
  try {
    checkShape(record);
    consistencySteps(record);
    const thrown = record.events.filter(e => e.kind === 'thrown');
    if (!revealed) {
      const bad = thrown.findIndex(t => !possible(t.spec));
      if (bad >= 0) refuse('bad_spec', `throw ${bad + 1} asks for ${thrown[bad].spec.count} dice`);
      const off = thrown.findIndex((t, i) => t.throw_no !== i + 1);
      if (off >= 0) refuse('throw_numbering', `throw ${off + 1} of the game is numbered ${thrown[off].throw_no}`);
      refuse('not_revealed', 'the game is not over: the seed is still secret, so the dice cannot be checked yet');
    }
    // 6–8: the seed and its commitment, the numbering, the faces (dice::check_dice).
    if (!LOWER_HEX_64.test(record.seed)) refuse('bad_seed', 'the seed must be 64 lowercase hex digits');
    const bad = thrown.findIndex(t => !possible(t.spec));
    if (bad >= 0) refuse('bad_spec', `throw ${bad + 1} asks for ${thrown[bad].spec.count} dice`);
    verdict.commitment_ok = (await commitmentOf(record.seed)) === record.commitment;
    const key = await crypto.subtle.importKey('raw', hexToBytes(record.seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const prefix = prefixOf(record.game_id, record.client_seeds);
    let numbering = null;
    let faces = null;
    for (const [i, e] of thrown.entries()) {
      const place = i + 1;
      const expected = await facesFrom(key, prefix, place, e.spec);
      const numbered = e.throw_no === place;
      const agree = expected.length === e.faces.length && expected.every((f, j) => f === e.faces[j]);
      if (!numbered && numbering === null) numbering = `throw ${place} of the game is numbered ${e.throw_no} (throws must be numbered 1, 2, 3, … in order, with no gap or repeat)`;
      if (!agree && faces === null) faces = `throw ${place}: the record says [${e.faces.join(', ')}], the seed gives [${expected.join(', ')}]`;
      verdict.throws.push({ no: e.no, throw_no: e.throw_no, claimed: e.faces, expected, ok: numbered && agree });
    }
    if (!verdict.commitment_ok) refuse('commitment_not_seed', 'SHA-256 of the seed is not the commitment');
    if (numbering !== null) refuse('throw_numbering', numbering);
    if (faces !== null) refuse('faces_mismatch', faces);
    verdict.ok = true;
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    verdict.reason = err.reason;
    verdict.message = err.message;
  }
  return verdict;
}
