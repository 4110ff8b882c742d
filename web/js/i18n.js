// @ts-check
// The page in the reader's language: the message catalogues of
// web/locales (Project Fluent, read with the vendored @fluent/bundle, the
// same files the server and the CLI read), the language chosen by the
// server (GET /api/language: the account's, the `wari_lang` cookie's, or
// Accept-Language) and changed with the switch in the header (PUT
// /api/language, remembered by the server, then the page is drawn again).
//
//   await startI18n();                       // once, before the first page
//   t('pit-name', { pit: 'C', seeds: 5 })    // "Pit C, 5 seeds" / "Hoyo C, 5 semillas"
//   formatNumber(13037895)                   // "13,037,895" / "13.037.895"
//   translateStatic(document.body)           // fills data-i18n="key" elements
//
// Adding a language is adding web/locales/<code>/ and its manifest entry
// (docs/TRANSLATING.md); nothing here names a language but the fallback.

import { FluentBundle, FluentResource } from '../vendor/fluent-bundle/esm/index.js';

/** The language every key exists in, used when a catalogue lacks one. */
export const FALLBACK = 'en';

/** The catalogues the browser reads (rules.ftl it shares with the server and the terminal; server.ftl and cli.ftl are theirs alone). */
const BROWSER_AREAS = ['common', 'play', 'study', 'tournaments', 'lessons', 'rules'];

/** @typedef {{code: string, name: string}} LanguageEntry */

/** @type {LanguageEntry[]} */
let available = [{ code: FALLBACK, name: 'English' }];
let current = FALLBACK;
/** @type {FluentBundle | null} */
let bundle = null;
/** @type {FluentBundle | null} */
let fallbackBundle = null;

async function fetchText(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.text();
}

/** Reads a language's catalogues into a bundle; a file missing is left out. */
async function loadBundle(code, files) {
  const b = new FluentBundle(code, { useIsolating: false });
  const texts = await Promise.all(files.map((f) => fetchText(`/locales/${code}/${f}.ftl`).catch(() => '')));
  for (const text of texts) {
    const errors = b.addResource(new FluentResource(text));
    for (const e of errors) console.warn(`i18n (${code}): ${e}`);
  }
  return b;
}

/** The first of the browser's preferred languages that the site speaks. */
function fromNavigator(codes) {
  for (const wanted of navigator.languages ?? [navigator.language]) {
    const primary = String(wanted).toLowerCase().split('-')[0];
    if (codes.includes(primary)) return primary;
  }
  return FALLBACK;
}

/**
 * Loads the manifest and the catalogues of the language the server chose
 * (the browser's own preference if it cannot say); sets <html lang>.
 */
export async function startI18n() {
  let files = BROWSER_AREAS;
  try {
    const manifest = JSON.parse(await fetchText('/locales/manifest.json'));
    available = manifest.languages;
    files = BROWSER_AREAS.filter((f) => manifest.files.includes(f));
  } catch {
    // Without a manifest the page stays in the fallback language.
  }
  const codes = available.map((l) => l.code);
  let chosen = null;
  try {
    const res = await fetch('/api/language', { headers: { Accept: 'application/json' } });
    if (res.ok) chosen = (await res.json()).language;
  } catch {
    // The server could not say; the browser's preference decides.
  }
  current = codes.includes(chosen) ? chosen : fromNavigator(codes);
  const [main, fallback] = await Promise.all([
    loadBundle(current, files),
    current === FALLBACK ? null : loadBundle(FALLBACK, files),
  ]);
  bundle = main;
  fallbackBundle = fallback ?? main;
  document.documentElement.lang = current;
  translateStatic(document.documentElement);
}

/**
 * Whether the server now chooses another language than the page's (after
 * signing in: the account's saved language); the page should be loaded again.
 */
export async function languageChanged() {
  try {
    const res = await fetch('/api/language', { headers: { Accept: 'application/json' } });
    if (!res.ok) return false;
    const { language: chosen } = await res.json();
    return available.some((l) => l.code === chosen) && chosen !== current;
  } catch {
    return false;
  }
}

/** The language the page is shown in: "en", "es". */
export const language = () => current;

/** The languages the site speaks, each named in itself. */
export const languages = () => available;

/**
 * Chooses the language: the server remembers it (the cookie, and the
 * account when signed in), then the page is loaded again in it.
 * @param {string} code
 */
export async function setLanguage(code) {
  const res = await fetch('/api/language', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ language: code }),
  });
  if (!res.ok) {
    let message = `${res.status}`;
    try { message = (await res.json()).error ?? message; } catch { /* not JSON */ }
    throw new Error(message);
  }
  location.reload();
}

function format(b, key, args, attribute) {
  const message = b?.getMessage(key);
  if (!message) return null;
  const pattern = attribute ? message.attributes[attribute] : message.value;
  if (!pattern) return null;
  const errors = [];
  const text = b.formatPattern(pattern, args, errors);
  for (const e of errors) console.warn(`i18n: ${key}: ${e}`);
  return text;
}

/**
 * A message in the page's language (in English if its catalogue lacks it;
 * the key itself if no catalogue has it). Numbers among the arguments are
 * written the language's way: pass ratings and ids as strings.
 * @param {string} key
 * @param {Record<string, string | number | Date> | null} [args]
 * @returns {string}
 */
export function t(key, args = null) {
  return format(bundle, key, args, null) ?? format(fallbackBundle, key, args, null) ?? key;
}

/**
 * A message's attribute (`key.attribute` in the .ftl), e.g. an aria-label.
 * @param {string} key
 * @param {string} attribute
 * @param {Record<string, string | number | Date> | null} [args]
 * @returns {string}
 */
export function tAttr(key, attribute, args = null) {
  return format(bundle, key, args, attribute) ?? format(fallbackBundle, key, args, attribute) ?? key;
}

/**
 * A number the language's way: 13037895 → "13,037,895" (en), "13.037.895" (es).
 * @param {number} n
 * @param {Intl.NumberFormatOptions} [options]
 */
export const formatNumber = (n, options = {}) => new Intl.NumberFormat(current, options).format(n);

/**
 * Translates the static markup under root: an element with
 * data-i18n="key" gets the message as its text (if it has a value) and
 * each of the message's attributes (`.aria-label = …`) as an attribute.
 * @param {Element} root
 */
export function translateStatic(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const key = el.getAttribute('data-i18n');
    const message = bundle?.getMessage(key) ?? fallbackBundle?.getMessage(key);
    if (!message) continue;
    if (message.value) el.textContent = t(key);
    for (const name of Object.keys(message.attributes)) el.setAttribute(name, tAttr(key, name));
  }
}
