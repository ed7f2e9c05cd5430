// Unobtrusive messages (refusals, connection hiccups) that fade by
// themselves. The container is a polite live region.

const SHOW_MS = 6000;
const MAX_TOASTS = 3;

export function toast(text, kind = 'info') {
  const box = document.getElementById('toasts');
  if (!box) return;
  const item = document.createElement('p');
  item.className = `toast toast-${kind}`;
  item.textContent = text;
  box.append(item);
  while (box.childElementCount > MAX_TOASTS) box.firstElementChild.remove();
  setTimeout(() => item.remove(), SHOW_MS);
}
