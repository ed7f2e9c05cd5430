// WCAG AA text contrast, measured in the page (theme.test.mjs): pass
// `contrastOffenders` to page.evaluate.

/**
 * Runs in the page: every visible text (elements with their own text,
 * form fields, and ::before/::after with text content) whose contrast
 * against its effective background is below AA. The background is found
 * by walking up to the first opaque colour (semi-transparent ones are
 * composited; a gradient counts each of its colours); a disabled control
 * is exempt (WCAG), an element made translucent with opacity has its text
 * blended into the background.
 */
export function contrastOffenders() {
  const parse = (text) => {
    const m = /rgba?\(([^)]*)\)/.exec(text);
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const colours = (text) => (text.match(/rgba?\([^)]*\)/g) ?? []).map(parse);
  const over = (top, below) => ({
    r: top.r * top.a + below.r * (1 - top.a),
    g: top.g * top.a + below.g * (1 - top.a),
    b: top.b * top.a + below.b * (1 - top.a),
    a: 1,
  });
  const lum = (c) => {
    const f = (v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const dark = getComputedStyle(document.documentElement).colorScheme.includes('dark');
  const canvas = dark ? { r: 18, g: 18, b: 18, a: 1 } : { r: 255, g: 255, b: 255, a: 1 };

  /** The colours that may be behind `el` (more than one under a gradient). */
  function backgrounds(el, own = null) {
    const layers = [];
    let base = null;
    const styles = own ? [own] : [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) styles.push(getComputedStyle(n));
    for (const cs of styles) {
      if (cs.backgroundImage.includes('gradient')) {
        base = colours(cs.backgroundImage).map((c) => ({ ...c, a: 1 }));
        break;
      }
      const c = parse(cs.backgroundColor);
      if (c && c.a > 0) {
        if (c.a >= 1) {
          base = [c];
          break;
        }
        layers.push(c);
      }
    }
    base ??= [canvas];
    return base.map((b) => layers.reduceRight((acc, layer) => over(layer, acc), b));
  }

  function opacityOf(el) {
    let o = 1;
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) o *= Number(getComputedStyle(n).opacity);
    return o;
  }

  const offenders = [];
  let checked = 0;
  function check(el, cs, text, own = null) {
    const fg = parse(cs.color);
    if (!fg) return;
    const size = parseFloat(cs.fontSize);
    const weight = Number(cs.fontWeight) || 400;
    const large = size >= 24 || (size >= 18.5 && weight >= 700);
    const need = large ? 3 : 4.5;
    const opacity = opacityOf(el);
    let worst = Infinity;
    let worstBg = null;
    for (const bg of backgrounds(el, own)) {
      let colour = fg.a < 1 ? over(fg, bg) : fg;
      if (opacity < 1) colour = over({ ...colour, a: opacity }, bg);
      const r = ratio(colour, bg);
      if (r < worst) {
        worst = r;
        worstBg = bg;
      }
    }
    checked += 1;
    if (worst + 1e-6 < need) {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const rgb = (c) => `rgb(${[c.r, c.g, c.b].map(Math.round).join(',')})`;
      offenders.push(
        `${el.tagName.toLowerCase()}${id}${cls}${own ? '::pseudo' : ''} "${text.trim().slice(0, 40)}": ` +
          `${worst.toFixed(2)} < ${need} (${cs.color} on ${rgb(worstBg)})`,
      );
    }
  }

  const visible = (el) => {
    if (!el.checkVisibility({ visibilityProperty: true })) return false;
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1;
  };
  const exempt = (el) => el.closest(':disabled, [aria-disabled="true"], svg, option, script, style, title, head');

  for (const el of document.querySelectorAll('body *')) {
    if (exempt(el) || !visible(el)) continue;
    const cs = getComputedStyle(el);
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('');
    if (own.trim()) check(el, cs, own);
    if (el.matches('input:not([type="checkbox"]):not([type="radio"]):not([type="range"]), select') && el.value) {
      check(el, cs, el.value);
    }
    for (const pseudo of ['::before', '::after']) {
      const ps = getComputedStyle(el, pseudo);
      const content = ps.content;
      if (!content || content === 'none' || content === 'normal' || ps.display === 'none') continue;
      const text = content.replace(/^"|"$/g, '');
      if (!text.trim() || /^counter|^url\(/.test(content)) continue;
      check(el, ps, text, ps);
    }
  }
  return { offenders, checked };
}

/** The relative luminance of the body's background. */
export async function bodyLuminance(page) {
  return page.evaluate(() => {
    const m = /rgba?\(([^)]*)\)/.exec(getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = m[1].split(/[\s,/]+/).map(Number);
    const f = (v) => ((v / 255) <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  });
}
