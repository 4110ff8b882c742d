// @ts-check
// Client-side routes over the History API. The server answers every
// non-API path that is not a file with index.html, so each route is also
// a real address that can be reloaded or shared.

import { t } from './i18n.js';

const routes = [];
let current = null; // the mounted page's cleanup
let outlet = null;

/** Adds a route: a pattern like '/game/:id' and a page mount(outlet, params) → cleanup. */
export function route(pattern, mount) {
  const names = [];
  const source = pattern.replace(/:(\w+)/g, (_, name) => {
    names.push(name);
    return '([^/]+)';
  });
  routes.push({ regex: new RegExp(`^${source}/?$`), names, mount });
}

/** Goes to a path inside the app, adding it to the history (or replacing the entry). */
export function navigate(path, { replace = false } = {}) {
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  render();
}

function render() {
  if (typeof current === 'function') current();
  current = null;
  const path = location.pathname;
  for (const { regex, names, mount } of routes) {
    const match = regex.exec(path);
    if (match) {
      const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      outlet.replaceChildren();
      current = mount(outlet, params);
      outlet.focus({ preventScroll: true });
      window.scrollTo(0, 0);
      return;
    }
  }
  outlet.replaceChildren();
  const p = document.createElement('p');
  p.textContent = t('no-such-page', { path });
  outlet.append(p);
}

/** Starts the router in an element; links inside the app stay inside it. */
export function start(element) {
  outlet = element;
  window.addEventListener('popstate', render);
  document.addEventListener('click', (event) => {
    const link = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (event.target).closest('a[href]'));
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (link.target || link.hasAttribute('download')) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
    // A link to a place on this page: the browser scrolls there.
    if (url.hash && url.pathname === location.pathname && url.search === location.search) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  });
  render();
}
