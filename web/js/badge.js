// @ts-check
// The BOT badge beside an account an engine plays, wherever a name is shown.

import { h } from './dom.js';
import { t } from './i18n.js';

/** The badge: "BOT", its title saying what it means (in the page's language). */
export const botBadge = () => h('span', { class: 'bot-badge', title: t('bot-title') }, t('bot-badge'));
