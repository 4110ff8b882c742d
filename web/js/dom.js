// @ts-check
// Small DOM helpers: an element builder and the formats shown in pages
// (in the page's language, i18n.js).

import { language, t } from './i18n.js';

/**
 * Builds an element: h('button', { class: 'pit', onclick: f, 'aria-label': 'Pit C' }, 'C').
 * Attributes that are false, null or undefined are left out; `true` sets
 * an empty attribute; `on...` attributes become listeners.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'text') {
      el.textContent = value;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A clock's time: 4:05, or 0:09.3 under ten seconds. */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left >= 24 * 3600_000) {
    // Correspondence: days and hours.
    const hoursLeft = Math.floor(left / 3600_000);
    const days = Math.floor(hoursLeft / 24);
    return t('clock-days-hours', { days, hours: hoursLeft % 24 });
  }
  if (left < 10_000) return `0:0${(Math.floor(left / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(left / 1000);
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A time control as players say it: "3+2", "3 days a move", or "no clock" ("sin reloj"). */
export function timeControlText(clock) {
  if (!clock) return t('clock-none');
  if (clock.days) return t('clock-days-a-move', { days: clock.days });
  // The server writes it (wari_rules::TimeControl); older replies did not.
  if (clock.time_control) return clock.time_control;
  const initial = clock.initial_s ?? (clock.initial_ms ?? 0) / 1000;
  const increment = clock.increment_s ?? (clock.increment_ms ?? 0) / 1000;
  const minutes = initial / 60;
  const head = Number.isInteger(minutes) ? `${minutes}` : `${initial}s`;
  return `${head}+${increment}`;
}

/** Seeds with their noun: "1 seed", "5 seeds" ("1 semilla", "5 semillas"). */
export const seedsText = (n) => t('seeds-count', { count: n });

/** Moves with their noun: "1 move", "12 moves". */
export const movesText = (n) => t('moves-count', { count: n });

/** A date and time from milliseconds or an ISO string, the page's language's way. */
export function dateText(when) {
  if (when === null || when === undefined) return '';
  const d = new Date(typeof when === 'number' && when < 1e11 ? when * 1000 : when);
  return Number.isNaN(d.getTime()) ? String(when) : d.toLocaleString(language());
}

/**
 * A message (the server's, in the page's language) as a sentence: its
 * first letter capital, a full stop at the end unless it has one.
 * @param {string} text
 */
export function asSentence(text) {
  const trimmed = String(text ?? '').trim();
  if (!trimmed) return '';
  const head = `${trimmed[0].toLocaleUpperCase(language())}${trimmed.slice(1)}`;
  return /[.!?…]$/.test(head) ? head : `${head}.`;
}
