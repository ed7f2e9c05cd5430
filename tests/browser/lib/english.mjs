// "The Japanese interface has no English string left on any page" (issue
// 14): a scan of the DOM for Latin words. Every text node and every
// user-facing attribute (aria-label, title, placeholder, alt, value of
// buttons) is read, visible or not, except inside elements marked
// translate="no" (player names, room codes, seeds, hashes) and inside
// <script>, <style>, <template> and <noscript>.
//
// Names that stay in Latin letters in the Japanese interface, as they do
// on the printed games: the games' titles, the Office 21 card names (the
// Japanese rules summary keeps them), the brand and the language switcher's
// own "English".

const ALWAYS = [
  'Cubicle', 'English', 'Office', 'QR', 'URL',
  'SPY', 'CLEANER', 'OPERATOR', 'ASSISTANT', 'SALES', 'MANAGER', 'SECRETARY', 'BOSS', 'DIRECTOR', 'TAXMAN',
  'Dilbert', 'The', 'Board', 'Game',
];

/**
 * The Latin words left in the page, as [{ word, text, where }], where
 * `where` is a short CSS-ish path of the element holding it. `allowed`
 * adds page-specific names (e.g. test players' names that are Latin).
 * `within` (CSS selectors) limits the scan to those parts of the page
 * (e.g. one game's table and log), the page's title left out.
 */
export async function englishLeft(page, allowed = [], { within = null } = {}) {
  return page.evaluate(([allowedWords, selectors]) => {
    const allow = new Set(allowedWords);
    const roots = selectors ? selectors.flatMap((s) => [...document.querySelectorAll(s)]) : [document.body];
    const found = [];
    const skipped = (element) => element.closest('[translate="no"], script, style, template, noscript');
    const where = (element) => {
      const parts = [];
      for (let e = element; e && e !== document.documentElement && parts.length < 4; e = e.parentElement) {
        parts.unshift(e.tagName.toLowerCase() + (e.id ? `#${e.id}` : '') + (e.classList.length ? `.${[...e.classList].join('.')}` : ''));
      }
      return parts.join(' > ');
    };
    const check = (text, element) => {
      for (const match of text.matchAll(/[A-Za-z][A-Za-z']+/g)) {
        if (!allow.has(match[0])) {
          found.push({ word: match[0], text: text.trim().slice(0, 120), where: where(element) });
          return;
        }
      }
    };
    const labelled = '[aria-label], [title], [placeholder], [alt], input[type=button], input[type=submit]';
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || skipped(element)) continue;
        check(node.textContent, element);
      }
    }
    const elements = roots.flatMap((root) => [...(root.matches(labelled) ? [root] : []), ...root.querySelectorAll(labelled)]);
    for (const element of elements) {
      if (skipped(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) check(value, element);
      }
      if (element.matches('input[type=button], input[type=submit]') && element.value) check(element.value, element);
    }
    if (document.title && !selectors) check(document.title, document.documentElement);
    return found;
  }, [[...ALWAYS, ...allowed], within]);
}

/** Opens pages in Japanese: a browser context whose language is ja-JP. */
export function japaneseContext(browser, options = {}) {
  return browser.newContext({ locale: 'ja-JP', ...options });
}
