// A QR code drawn as an inline SVG: the invite link's (js/share.js) and the
// personal link's (js/device-link.js). Its own module, imported only when a
// code is first shown: the encoder (js/vendor/qrcode.mjs) is the client's
// largest file, and a room page's first load does without it
// (docs/performance.md, "First load").

import { svg } from './dom.js';
import qrcode from './vendor/qrcode.mjs';

/** The QR code of `text` as an SVG element (dark modules as one path, a quiet zone of 4). */
export function qrSvg(text, label) {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const n = code.getModuleCount();
  const quiet = 4;
  const size = n + 2 * quiet;
  let d = '';
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; col += 1) {
      if (code.isDark(row, col)) d += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return svg(
    'svg',
    {
      class: 'qr-code',
      viewBox: `0 0 ${size} ${size}`,
      role: 'img',
      'aria-label': label,
      'shape-rendering': 'crispEdges',
      'data-testid': 'qr-code',
      'data-modules': String(n),
    },
    svg('rect', { width: size, height: size, fill: '#ffffff' }),
    svg('path', { d, fill: '#000000' }),
  );
}
