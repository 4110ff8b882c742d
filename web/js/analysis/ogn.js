// @ts-check
// The analysis tree as an OGN record with variations, and back. The main
// line is what every OGN reader takes (the server's skips variations, as
// Aualé's does); side lines follow the move they replace in `( … )`, as
// in chess's PGN. Tags: `Variant` (Aualé's name), `Rules` (the rules
// string), `FEN` (Aualé's position notation) when the tree does not start
// from the rules' start, and `Result "*"`.

import {
  parsePosition, parseRules, positionString, rulesString, startPosition,
} from '../rules.js';
import { t } from '../i18n.js';
import { errorText } from '../refusal.js';
import { Tree } from './tree.js';

const VARIANT_NAMES = {
  abapa: 'Oware Abapa', wari: 'Oware Wari', warri: 'Oware Warri', kalah: 'Kalah',
};

/** A position in Aualé's notation: pits A.., pits a.., South's count, North's, the turn. */
function auale(p) {
  return [...p.board, p.captured[0], p.captured[1], p.turn].join('-');
}

/** Reads Aualé's notation into a position string, under `rules`. */
function fromAuale(text, rules) {
  const fields = text.trim().split('-');
  const m = rules.pits;
  if (fields.length !== 2 * m + 3) throw new Error(t('analysis-ogn-fen', { fen: text, fields: 2 * m + 3 }));
  const turn = fields[2 * m + 2];
  return `${fields.slice(0, m).join(',')}/${fields.slice(m, 2 * m).join(',')} ${turn} ${fields[2 * m]}-${fields[2 * m + 1]}`;
}

/** The number before the move at `ply` (from 0): `3.` or, for North's half, `3...` where one is needed. */
function numbered(ply, letter, force) {
  if (ply % 2 === 0) return `${ply / 2 + 1}. ${letter}`;
  return force ? `${(ply - 1) / 2 + 1}... ${letter}` : letter;
}

/** Writes the moves after `node` (at `ply`), side lines in parentheses. */
function writeFrom(node, ply, out, force) {
  let n = node;
  let p = ply;
  let again = force;
  while (n.children.length > 0) {
    const [main, ...sides] = n.children;
    out.push(numbered(p, main.move, again));
    for (const side of sides) {
      out.push('(');
      out.push(numbered(p, side.move, true));
      writeFrom(side, p + 1, out, false);
      out.push(')');
    }
    again = sides.length > 0;
    n = main;
    p += 1;
  }
}

/** Joins tokens into lines shorter than 80 characters, `(` and `)` hugging their moves. */
function wrap(tokens) {
  const words = [];
  for (const t of tokens) {
    if (t === ')' && words.length) words[words.length - 1] += ')';
    else if (words.length && words[words.length - 1].endsWith('(')) words[words.length - 1] += t;
    else words.push(t);
  }
  const lines = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length >= 80) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/**
 * The tree as an OGN record.
 * @param {Tree} tree
 * @param {Record<string, string>} [extra] more tags (Event, South, North…)
 */
export function writeOgn(tree, extra = {}) {
  const rules = parseRules(tree.rules);
  const tags = [['Variant', VARIANT_NAMES[rules.variant]]];
  for (const [k, v] of Object.entries(extra)) tags.push([k, v]);
  tags.push(['Rules', rulesString(rules)]);
  if (tree.start) {
    const start = parsePosition(tree.start, rules);
    if (positionString(start) !== positionString(startPosition(rules))) tags.push(['FEN', auale(start)]);
  }
  tags.push(['Result', '*']);
  const tokens = [];
  writeFrom(tree.root, 0, tokens, false);
  tokens.push('*');
  const head = tags.map(([k, v]) => `[${k} "${String(v).replace(/["\\]/g, '')}"]`).join('\n');
  return `${head}\n\n${wrap(tokens)}\n`;
}

/**
 * Reads an OGN record, variations included, into a tree.
 * Throws with the reason on a record that cannot be read or played.
 * @param {string} text
 */
export function readOgn(text) {
  /** @type {Record<string, string>} */
  const tags = {};
  const body = String(text).replace(/^\s*\[(\w+)\s+"([^"]*)"\]\s*$/gm, (_, name, value) => {
    tags[name] = value;
    return '';
  });
  let rulesText = tags.Rules;
  if (!rulesText) {
    const variant = Object.entries(VARIANT_NAMES).find(([, name]) => name === tags.Variant);
    if (tags.Variant && !variant) throw new Error(t('analysis-ogn-variant', { variant: tags.Variant }));
    rulesText = variant ? variant[0] : 'abapa';
  }
  const rules = parseRules(rulesText);
  const start = tags.FEN ? fromAuale(tags.FEN, rules) : undefined;
  const tree = new Tree(rulesString(rules), start);
  let node = tree.root;
  /** @type {import('./tree.js').TreeNode[]} */
  const stack = [];
  let ply = 0;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (c === '{') {
      const end = body.indexOf('}', i);
      if (end < 0) throw new Error(t('analysis-ogn-comment-open'));
      i = end;
    } else if (c === '(') {
      if (!node.parent) throw new Error(t('analysis-ogn-variation-first'));
      stack.push(node);
      node = node.parent;
    } else if (c === ')') {
      const back = stack.pop();
      if (!back) throw new Error(t('analysis-ogn-close'));
      node = back;
    } else if (/[A-Fa-f]/.test(c)) {
      ply = tree.path(node).length + 1;
      try {
        node = tree.play(node, c);
      } catch (err) {
        throw new Error(t('analysis-ogn-ply', { ply, move: c, error: errorText(err) }));
      }
    } else if (/[a-zA-Z]/.test(c)) {
      throw new Error(t('analysis-ogn-not-a-move', { text: c }));
    }
  }
  if (stack.length) throw new Error(t('analysis-ogn-variation-open'));
  return tree;
}
