// The header's language switch (issue 14): one button naming the other
// language ("日本語" on an English page, "English" on a Japanese one), put
// just before the theme button on every page. Choosing remembers the
// language and reloads (js/i18n.js `setLanguage`). This module also
// translates each page's static HTML (`translatePage`), so a page without
// a script of its own (404.html) is translated too.

import { LANGUAGES, lang, setLanguage, t, translatePage } from './i18n.js';

translatePage();

const other = lang === 'ja' ? 'en' : 'ja';
const button = document.createElement('button');
button.type = 'button';
button.id = 'lang-switch';
button.className = 'lang-switch';
button.lang = other;
button.dataset.lang = other;
button.textContent = LANGUAGES[other];
// The title is in the page's language ("英語で表示" / "Show in Japanese").
button.title = other === 'en' ? t('Show in English') : t('Show in Japanese');
button.addEventListener('click', () => setLanguage(other));

const header = document.querySelector('.site-header');
if (header) header.insertBefore(button, document.getElementById('theme-toggle'));
