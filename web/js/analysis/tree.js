// @ts-check
// The analysis board's tree of variations: from a start position, each
// node a move, its first child the main line and the others side lines.
// A node's position comes from replaying the moves from the start with
// rules.js's Game, so the cycle rule sees the whole line.

import { Game } from '../rules.js';

/**
 * @typedef {{ move: string | null, parent: TreeNode | null, children: TreeNode[] }} TreeNode
 */

export class Tree {
  /**
   * @param {string} rules the rules string
   * @param {string} [start] the start position string (the rules' start if absent)
   */
  constructor(rules, start) {
    this.rules = rules;
    this.start = start;
    /** @type {TreeNode} */
    this.root = { move: null, parent: null, children: [] };
    // Throws on bad rules or a bad start, before anything is shown.
    this.game(this.root);
  }

  /** The moves from the start to `node`. */
  path(node) {
    const moves = [];
    for (let n = node; n.parent; n = n.parent) moves.push(/** @type {string} */ (n.move));
    return moves.reverse();
  }

  /** The game from the start to `node`. */
  game(node) {
    const game = new Game(this.rules, this.start);
    for (const m of this.path(node)) game.play(m);
    return game;
  }

  /**
   * Plays `letter` at `node`: the child that has it already, or a new
   * one (the main line if it is the first). Throws if it is illegal.
   */
  play(node, letter) {
    const old = node.children.find((c) => c.move === letter);
    if (old) return old;
    this.game(node).play(letter);
    /** @type {TreeNode} */
    const child = { move: letter, parent: node, children: [] };
    node.children.push(child);
    return child;
  }

  /** Plays a list of moves from `node` along the tree; returns the last node. */
  playAll(node, letters) {
    let n = node;
    for (const letter of letters) n = this.play(n, letter);
    return n;
  }

  /** The main line below `node` (its first children), `node` excluded. */
  mainLine(node) {
    const line = [];
    for (let n = node.children[0]; n; n = n.children[0]) line.push(n);
    return line;
  }

  /** Whether `node` is on the tree's main line. */
  onMainLine(node) {
    for (let n = node; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /**
   * Makes the line through `node` the main line at the nearest point
   * where it branches off (one step at a time, as lichess does).
   * Returns whether anything changed.
   */
  promote(node) {
    for (let n = node; n.parent; n = n.parent) {
      const siblings = n.parent.children;
      const i = siblings.indexOf(n);
      if (i > 0) {
        siblings.splice(i, 1);
        siblings.unshift(n);
        return true;
      }
    }
    return false;
  }

  /** Deletes `node` and everything after it; returns its parent. */
  remove(node) {
    const parent = node.parent;
    if (!parent) return node;
    parent.children.splice(parent.children.indexOf(node), 1);
    return parent;
  }

  /** The number of moves in the tree. */
  size(node = this.root) {
    let n = 0;
    for (const c of node.children) n += 1 + this.size(c);
    return n;
  }
}
