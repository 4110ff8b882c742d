// @ts-check
// The invite link of a table waiting for its second player, with a copy
// button.

import { fill, h } from '../dom.js';
import { t } from '../i18n.js';

/**
 * The invite link with a copy button.
 * @param {string} path
 */
export function shareBox(path) {
  const url = new URL(path, location.href).href;
  const field = /** @type {HTMLInputElement} */ (h('input', {
    id: 'invite-link', readonly: true, value: url, onfocus: () => field.select(),
  }));
  const copied = h('span', { class: 'copied', 'aria-live': 'polite' });
  return h('div', { class: 'share' },
    h('label', { for: 'invite-link' }, t('invite-send-link')),
    h('div', { class: 'share-row' }, field,
      h('button', {
        type: 'button',
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(url);
            copied.textContent = t('invite-copied');
          } catch {
            field.select();
            copied.textContent = t('invite-press-copy');
          }
        },
      }, t('invite-copy-link'))),
    copied);
}

/**
 * The invite box of the game page: the link this browser was given when
 * it created the table, while the game waits.
 * @param {import('../game.js').GameContext} ctx
 */
export function createInvite(ctx) {
  const element = h('div', { class: 'invite-box', hidden: true });

  function render() {
    const { game } = ctx;
    const link = sessionStorage.getItem(`wari.invite.${game.id}`);
    if (game.status !== 'waiting' || !link) {
      element.hidden = true;
      return;
    }
    element.hidden = false;
    fill(element, shareBox(link));
  }

  return { element, render };
}
