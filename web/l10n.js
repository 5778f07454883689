// The words a script writes, in the page's language: the server chose the language (the
// reader's switch, kept in the `senet_lang` cookie, else the browser's Accept-Language),
// wrote it into `<html lang dir>`, put the page's own marked words into it, and put the
// language's whole Project Fluent catalogue (web/l10n/<lang>/*.ftl) into
// `<template id="l10n">`. Here it is read once, and `t(id, args)` formats a message of it.
// The switch itself is added to the page's header.

import { FluentBundle, FluentResource } from './fluent.js';

const root = document.documentElement;
export const lang = root.lang || 'en';
export const rtl = root.dir === 'rtl';

// The languages the site has, each named in itself.
export const LANGUAGES = [['en', 'English'], ['fr', 'Français'], ['ar', 'العربية']];

// Arguments are isolated (U+2068 … U+2069) only where text runs right to left, where a
// Latin name or a number inside an Arabic sentence would otherwise reorder its neighbours.
const bundle = new FluentBundle(lang, { useIsolating: rtl });
const source = document.getElementById('l10n')?.content?.textContent ?? '';
for (const e of bundle.addResource(new FluentResource(source))) console.error('l10n:', e);

// The ids asked for that the catalogue lacks: each is an error once (a test fails on it),
// and the id itself is shown, so a missing word is seen rather than hidden.
export const missing = new Set();
function lacking(id) {
  if (!missing.has(id)) { missing.add(id); console.error(`l10n: no message "${id}" in ${lang}`); }
  return id;
}

// Message `id` formatted with `args` (numbers as numbers: plurals choose by them).
export function t(id, args) {
  const m = bundle.getMessage(id);
  if (!m?.value) return lacking(id);
  const errors = [];
  const text = bundle.formatPattern(m.value, args, errors);
  if (errors.length) console.error(`l10n: ${id}:`, ...errors);
  return text;
}

// `text` kept whole within a line: on a right-to-left page a name or a term of a list is
// isolated (U+2068 … U+2069), as Fluent isolates a message's arguments there, so that a
// Latin name's parenthesis or a number beside it is not reordered with the Arabic around it.
// On a left-to-right page, `text` as it is.
export function isolate(text) { return rtl ? `\u2068${text}\u2069` : text; }

// Whether the catalogue has message `id` (one a page may do without: web/errors.js).
export function has(id) { return Boolean(bundle.getMessage(id)?.value); }

// Attribute `name` of message `id` (an input's placeholder, a button's label).
export function tAttr(id, name, args) {
  const a = bundle.getMessage(id)?.attributes?.[name];
  return a ? bundle.formatPattern(a, args) : lacking(`${id}.${name}`);
}

// Chooses a language for every page from now on, and shows this one in it.
export function choose(code) {
  document.cookie = `senet_lang=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
}

// The switch: a select in the header, naming each language in itself. Not on a board's
// page, whose header has no room to spare on a phone: the choice made on any other page holds
// there too.
function addSwitch() {
  const header = document.querySelector('header.top');
  if (!header || header.querySelector('.lang-switch') || document.body.classList.contains('match-page')) return;
  const select = document.createElement('select');
  select.className = 'lang-switch';
  select.id = 'lang-switch';
  select.setAttribute('aria-label', tAttr('lang-switch', 'aria-label'));
  select.title = tAttr('lang-switch', 'title');
  for (const [code, name] of LANGUAGES) {
    const o = document.createElement('option');
    o.value = code;
    o.lang = code;
    o.textContent = name;
    o.selected = code === lang;
    select.append(o);
  }
  select.addEventListener('change', () => choose(select.value));
  header.append(select);
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', addSwitch);
else addSwitch();
