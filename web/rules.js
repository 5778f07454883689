// The rules page: the project's rules document of a variant, rendered as simple text blocks
// (headings, paragraphs, lists, quotes, code and tables), built with DOM nodes only.

import { el, loadVariants, t, variantName } from './common.js';

const variant = location.pathname.split('/')[2];
const main = document.getElementById('rules');

function inline(text) {
  const out = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*/g;
  let last = 0, m;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1]) out.push(el('code', { text: m[1] }));
    else if (m[2]) out.push(el('strong', { text: m[2] }));
    else out.push(el('em', { text: m[3] }));
    last = re.lastIndex;
  }
  out.push(text.slice(last));
  return out;
}

function render(md) {
  const nodes = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length;) {
    const l = lines[i];
    if (l.startsWith('```')) {
      const buf = [];
      for (i++; i < lines.length && !lines[i].startsWith('```'); i++) buf.push(lines[i]);
      i++;
      nodes.push(el('pre', {}, el('code', { text: buf.join('\n') })));
    } else if (/^#{1,4} /.test(l)) {
      const level = l.match(/^#+/)[0].length;
      nodes.push(el('h' + Math.min(6, level + 1), {}, ...inline(l.replace(/^#+ /, ''))));
      i++;
    } else if (l.startsWith('|')) {
      const rows = [];
      for (; i < lines.length && lines[i].startsWith('|'); i++) if (!/^\|[-| :]+\|$/.test(lines[i])) rows.push(lines[i]);
      nodes.push(el('div', { class: 'table-wrap' }, el('table', {}, ...rows.map((r, k) => el('tr', {}, ...r.slice(1, -1).split('|').map(c => el(k ? 'td' : 'th', {}, ...inline(c.trim()))))))));
    } else if (/^\s*[-*] /.test(l)) {
      const items = [];
      for (; i < lines.length && (/^\s*[-*] /.test(lines[i]) || /^\s{2,}\S/.test(lines[i])); i++) {
        if (/^\s*[-*] /.test(lines[i])) items.push(lines[i].replace(/^\s*[-*] /, '')); else items[items.length - 1] += ' ' + lines[i].trim();
      }
      nodes.push(el('ul', {}, ...items.map(t => el('li', {}, ...inline(t)))));
    } else if (l.startsWith('>')) {
      const buf = [];
      for (; i < lines.length && lines[i].startsWith('>'); i++) buf.push(lines[i].replace(/^> ?/, ''));
      nodes.push(el('blockquote', {}, ...inline(buf.join(' '))));
    } else if (l.trim() === '') { i++; } else {
      const buf = [];
      for (; i < lines.length && lines[i].trim() !== '' && !/^(#|\||```|>|\s*[-*] )/.test(lines[i]); i++) buf.push(lines[i]);
      nodes.push(el('p', {}, ...inline(buf.join(' '))));
    }
  }
  return nodes;
}

// The rules text (in English: the texts are not in the catalogues), and the variant's summary
// (the engine's, from GET /api/variants, in the page's language), asked for at once; the name
// is written into the page.
async function init() {
  document.title = t('ru-doc-named', { variant: await variantName(variant) });
  const [res, variants] = await Promise.all([fetch(`/static/rules/${variant}.md`), loadVariants()]);
  if (!res.ok) { main.replaceChildren(el('p', { text: t('ru-no-variant') })); return; }
  const summary = variants.find(x => x.id === variant)?.summary ?? '';
  const md = await res.text();
  main.replaceChildren(el('p', { class: 'summary' }, summary, ' ', el('a', { href: `/howto/${variant}`, text: t('ru-howto-link') })), ...render(md));
}

init();
