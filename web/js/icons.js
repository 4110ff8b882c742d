// @ts-check
// The buttons' icons, drawn inline: no icon font, no file to fetch.

const ICONS = {
  first: 'M5 4h2v16H5zM19 4v16L8 12z',
  previous: 'M17 4v16L6 12z',
  next: 'M7 4v16l11-8z',
  last: 'M17 4h2v16h-2zM5 4v16l11-8z',
  turn: 'M7 3l-4 4h3v10h2V7h3zM17 21l4-4h-3V7h-2v10h-3z',
};

/** An icon of ICONS as an inline SVG, hidden from screen readers (its button has the name). */
export function svgIcon(name) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '1.2em');
  svg.setAttribute('height', '1.2em');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const p = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  p.setAttribute('d', ICONS[name]);
  p.setAttribute('fill', 'currentColor');
  svg.append(p);
  return svg;
}
