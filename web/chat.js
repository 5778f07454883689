// The match page's chat panel: the messages of the rooms this socket sees, an input with
// three canned phrases, for a player a "Show spectators' chat" choice and a mute button per
// other seat, for a spectator a name asked for the first time they post.
//
// It keeps no rules: the server normalises and checks every text, decides who sees what,
// and says why it refuses (shown under the input). Every text is put in the page with
// textContent, never as HTML.

import { el, loadPlayer, pref, seatName, setPref, CHAT_NAME_KEY as NAME_KEY } from './common.js';
import { t } from './l10n.js';
import { errorWords } from './errors.js';

const $ = (id) => document.getElementById(id);
// The refusals the chat words itself (`chat-error-<code>`); another is the server's (errors.js).
const ERRORS = new Set(['rate_limited', 'chat_too_long', 'chat_empty', 'name_required', 'not_a_player', 'store_unavailable']);
// Codes only the chat sends.
const CHAT_CODES = new Set(['chat_too_long', 'chat_empty', 'name_required', 'not_a_player']);

export class Chat {
  // `st`: the match page's state (seat, names, snapshot); `getLive`: its socket.
  constructor(st, getLive) {
    this.st = st; this.getLive = getLive;
    this.lines = new Map(); // id -> message
    this.muted = new Set();
    // A player's choice to see the spectators' room, remembered by this browser.
    this.seesSpectators = pref('spectators-chat', false);
    this.pending = new Map(); // seq -> text sent
    this.waiting = null; // a spectator's text held until the socket has a name
    this.named = false; // this socket said hello with a name
    $('chat-form').addEventListener('submit', (e) => { e.preventDefault(); this.say($('chat-input').value, true); });
    for (const b of document.querySelectorAll('.chat-canned button')) b.addEventListener('click', () => this.say(b.dataset.say, false));
    $('chat-name').addEventListener('submit', (e) => { e.preventDefault(); this.useName($('chat-name-input').value.trim()); });
    // On a phone the panel is below the board: a line beside the board says the last message
    // and how many came while the list was off screen, and takes the reader to it.
    this.seenId = 0; // the newest message the list showed on screen
    this.onScreen = false;
    new IntersectionObserver((seen) => {
      this.onScreen = seen.some(e => e.isIntersecting);
      if (this.onScreen) this.renderPeek();
    }).observe($('chat-list'));
    $('chat-peek').addEventListener('click', () => {
      $('chat').scrollIntoView({ behavior: 'smooth', block: 'end' });
      $('chat-input').focus({ preventScroll: true });
    });
  }

  // A spectator who chose a name before says it in every hello.
  attach(live) {
    const name = localStorage.getItem(NAME_KEY);
    if (!this.st.seat && name) { live.name = name; this.named = true; }
  }

  say(text, fromInput) {
    const live = this.getLive();
    if (!live?.open) { this.error(t('chat-not-connected')); return; }
    if (!this.st.seat && !this.named) { this.waiting = text; this.askName(); return; }
    const seq = live.send({ type: 'chat', text });
    if (seq) this.pending.set(seq, fromInput ? text : null);
  }

  askName() {
    const box = $('chat-name');
    box.hidden = false;
    const input = $('chat-name-input');
    if (!input.value) input.value = localStorage.getItem(NAME_KEY) || loadPlayer()?.name || '';
    input.focus();
    this.error(t('chat-name-to-post-spectators'));
  }

  // The name goes in the hello: the socket reconnects with it, then posts what waited.
  useName(name) {
    if (!name) { this.error(t('chat-error-name-required')); return; }
    localStorage.setItem(NAME_KEY, name);
    $('chat-name').hidden = true;
    this.error('');
    const live = this.getLive();
    live.name = name; this.named = true;
    live.drop();
  }

  error(text, code = '') {
    $('chat-error').textContent = text;
    $('chat-error').dataset.code = code;
  }

  // Handles a server message; true when it was the chat's alone.
  handle(msg) {
    switch (msg.type) {
      case 'welcome':
        this.lines.clear();
        for (const m of msg.chat || []) this.lines.set(m.id, m);
        // What was said before this page opened is not news.
        for (const m of msg.chat || []) this.seenId = Math.max(this.seenId, m.id);
        this.muted = new Set(msg.muted || []);
        this.render();
        this.renderControls();
        // The server forgets a socket's rooms when it closes: ask again.
        if (msg.seat && this.seesSpectators) this.getLive().send({ type: 'chat_rooms', spectators: true });
        if (this.waiting !== null && this.named) { const t = this.waiting; this.waiting = null; this.say(t, true); }
        return false;
      case 'presence':
        this.renderControls();
        return false;
      case 'chat':
        this.lines.set(msg.id, msg);
        this.render();
        return true;
      case 'ack':
        if (!this.pending.has(msg.seq)) return false;
        if (this.pending.get(msg.seq) !== null && $('chat-input').value === this.pending.get(msg.seq)) $('chat-input').value = '';
        this.pending.delete(msg.seq);
        this.error('');
        return true;
      case 'error': {
        const ours = this.pending.has(msg.seq) || CHAT_CODES.has(msg.code) || (msg.code === 'invalid' && msg.seq === undefined);
        if (!ours) return false;
        this.pending.delete(msg.seq);
        if (msg.code === 'invalid' && msg.seq === undefined) {
          // The hello's name was refused: ask for another.
          localStorage.removeItem(NAME_KEY);
          this.named = false;
          this.askName();
        }
        if (msg.code === 'name_required') { this.named = false; this.askName(); return true; }
        this.error(ERRORS.has(msg.code) ? t(`chat-error-${msg.code.replaceAll('_', '-')}`) : errorWords(msg), msg.code);
        return true;
      }
      default: return false;
    }
  }

  render() {
    const list = $('chat-list');
    const me = this.st.seat;
    const shown = [...this.lines.values()]
      .filter(m => !(m.seat && this.muted.has(m.seat)))
      .filter(m => !me || m.room === 'players' || this.seesSpectators)
      .sort((a, b) => a.id - b.id);
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.replaceChildren(...shown.map(m => {
      return el('li', { class: `${m.room}${m.seat && m.seat === me ? ' mine' : ''}`, title: m.at, dataset: { id: String(m.id) } },
        el('span', { class: 'chat-who', text: t('chat-who', this.sender(m)) }), el('span', { class: 'chat-text', dir: 'auto', text: m.text }));
    }));
    if (!shown.length) list.append(el('li', { class: 'note', text: t(me ? 'chat-none' : 'chat-none-spectators') }));
    if (atEnd) list.scrollTop = list.scrollHeight;
    this.shown = shown;
    this.renderPeek();
  }

  // Who wrote message `m`, as the catalogue's arguments: a spectator (`watching`), this
  // page's seat (`me`), or a player by name.
  sender(m) {
    const me = this.st.seat;
    return { who: m.name ?? '', as: m.room === 'spectators' ? 'watching' : me && m.seat === me ? 'me' : 'player' };
  }

  // The line beside a phone's board (the style sheet shows it on phones only): the last
  // message, after how many others' messages came unseen.
  renderPeek() {
    const shown = this.shown || [];
    const me = this.st.seat;
    if (this.onScreen) this.seenId = Math.max(this.seenId, ...shown.map(m => m.id));
    const unread = shown.filter(m => m.id > this.seenId && !(me && m.seat === me)).length;
    const peek = $('chat-peek');
    const last = shown.at(-1);
    peek.hidden = !last;
    peek.dataset.unread = String(unread);
    if (!last) return;
    const from = this.sender(last);
    peek.replaceChildren(unread ? el('strong', { class: 'chat-unread', text: t('chat-unread', { count: unread }) }) : '', el('span', { text: t('chat-peek', { ...from, text: last.text }) }));
    peek.setAttribute('aria-label', t('chat-peek-label', { ...from, text: last.text, count: unread }));
  }

  renderControls() {
    const box = $('chat-controls');
    const me = this.st.seat;
    if (!me) { box.replaceChildren(el('span', { text: t('chat-spectators') })); return; }
    const show = el('input', { type: 'checkbox', id: 'chat-spectators', checked: this.seesSpectators });
    show.addEventListener('change', () => {
      this.seesSpectators = show.checked;
      setPref('spectators-chat', show.checked);
      this.getLive()?.send({ type: 'chat_rooms', spectators: show.checked });
      this.render();
    });
    const n = this.st.snap?.players || this.st.names?.length || 0;
    const mutes = [];
    for (let seat = 1; seat <= n; seat += 1) {
      if (seat === me || this.st.snap?.bots?.[seat - 1]) continue; // a bot says nothing
      const muted = this.muted.has(seat);
      mutes.push(el('button', { type: 'button', class: 'chat-mute', dataset: { seat: String(seat) }, 'aria-pressed': muted ? 'true' : 'false',
        text: t(muted ? 'chat-unmute' : 'chat-mute', { who: seatName(this.st.names, seat) }),
        onclick: () => {
          const seq = this.getLive()?.send({ type: 'mute', seat, muted: !muted });
          if (!seq) return;
          if (muted) this.muted.delete(seat); else this.muted.add(seat);
          this.renderControls(); this.render();
        } }));
    }
    box.replaceChildren(el('label', {}, show, t('chat-show-spectators')), ...mutes);
  }
}
