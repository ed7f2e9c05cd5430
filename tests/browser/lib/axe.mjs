// axe-core in a page: its rules for WCAG 2.1 A and AA plus its best
// practices, run on the page as it is now, with violations written out so
// that a failing test says what to fix (the rule, its impact, the help
// text and link, and each failing element's selector and HTML).
//
// The pages have a strict Content-Security-Policy (no inline scripts), so
// axe's source is not added as a <script>: it is evaluated through the
// DevTools protocol, which the policy does not govern. No bypassCSP needed,
// and the page under test keeps its real policy.

import fs from 'node:fs';
import { createRequire } from 'node:module';

import { settle } from './room.mjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** What axe checks: WCAG 2.0 and 2.1, levels A and AA, and its best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Adds axe to the page (once per document). */
async function inject(page) {
  const present = await page.evaluate(() => typeof window.axe?.run === 'function');
  if (present) return;
  const cdp = await page.context().newCDPSession(page);
  try {
    const { exceptionDetails } = await cdp.send('Runtime.evaluate', { expression: AXE_SOURCE, returnByValue: true });
    if (exceptionDetails) throw new Error(`axe-core did not load: ${JSON.stringify(exceptionDetails).slice(0, 500)}`);
  } finally {
    await cdp.detach();
  }
}

/**
 * Runs axe on the page once its animations have finished (a fading toast is
 * checked at rest, not half transparent): on the whole document, or on the
 * elements `include` selects (then the rules about the page as a whole,
 * such as landmarks and the main heading, are left out). `disable` lists
 * rule ids not to run. Returns the violations (rule, impact, help, nodes).
 */
export async function axeViolations(page, { disable = [], include = null } = {}) {
  await settle(page);
  await inject(page);
  return page.evaluate(
    async ({ tags, disable, include }) => {
      const rules = Object.fromEntries(disable.map((id) => [id, { enabled: false }]));
      const context = include ? { include: include.map((selector) => [selector]) } : document;
      const results = await window.axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => {
          // axe shortens long attributes in `html`: the label and the text in full.
          const el = n.target.length === 1 && typeof n.target[0] === 'string' ? document.querySelector(n.target[0]) : null;
          return {
            target: n.target,
            html: n.html,
            label: el?.getAttribute('aria-label') ?? null,
            text: el ? (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 160) : null,
            summary: n.failureSummary,
          };
        }),
      }));
    },
    { tags: AXE_TAGS, disable, include },
  );
}

/** Violations as readable lines: one block per rule, one line per failing element. */
export function formatViolations(violations) {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const summary = (n.summary ?? '').replace(/\s+/g, ' ').trim();
          const label = n.label === null ? '' : `\n      aria-label: ${JSON.stringify(n.label)}`;
          const text = n.text ? `\n      text: ${JSON.stringify(n.text)}` : '';
          return `    - ${n.target.join(' ')}\n      ${n.html.replace(/\s+/g, ' ').slice(0, 300)}${label}${text}\n      ${summary}`;
        })
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl.replace(/\?.*$/, '')})\n${nodes}`;
    })
    .join('\n');
}

/** Runs axe and returns a readable report, '' if nothing is wrong. */
export async function axeReport(page, options) {
  const violations = await axeViolations(page, options);
  return violations.length === 0 ? '' : formatViolations(violations);
}
