// A game's join questions in the lobby form: one field per question, built
// from the game's own description (GameInfo.join_questions, see
// docs/protocol.md), and the `answers` object `join` sends. The server checks
// every answer again; this only helps the player give one it will accept.
//
// Prompts and choice labels come from the server, but are still put in as
// text only (`h` never sets HTML).

import { h, replace } from './dom.js';
import { lang, t } from './i18n.js';

/** The id of the form control for a question (tests fill it by this id). */
export const fieldId = (question) => `join-q-${question.id}`;

/** Replaces `container`'s children with a field for each question. */
export function renderQuestions(container, questions) {
  replace(container, ...(questions ?? []).map(field));
  container.hidden = !questions?.length;
}

function field(q) {
  const id = fieldId(q);
  // The Japanese prompt beside the English one, tagged so that screen
  // readers and fonts treat it as Japanese (it may wrap, unlike `ja()`).
  // The game asks in both languages: an English page shows both (as the
  // printed game would), a Japanese page its own only.
  const asked = lang === 'ja' ? [q.prompt.ja ?? q.prompt.en] : [q.prompt.en, ' ', h('span', { lang: 'ja' }, q.prompt.ja)];
  const prompt = [...asked, q.required ? null : h('span', { class: 'hint' }, t(' (optional)'))];
  if (q.kind === 'yes_no') {
    return h('div', { class: 'field field-check' }, h('label', {}, h('input', { id, type: 'checkbox' }), ' ', prompt));
  }
  let control;
  if (q.kind === 'time') {
    control = h('input', { id, type: 'time', required: q.required });
  } else if (q.kind === 'choice') {
    control = h(
      'select',
      { id, required: q.required },
      h('option', { value: '' }, q.required ? t('Choose one') : t('No answer')),
      q.choices.map((c) => h('option', { value: c.value }, lang === 'ja' ? c.label.ja ?? c.label.en : `${c.label.en} / ${c.label.ja}`)),
    );
  } else {
    control = h('input', { id, type: 'text', maxlength: q.max_chars, required: q.required, autocomplete: 'off' });
  }
  return h('div', { class: 'field' }, h('label', { for: id }, prompt), control);
}

/** The answers typed into the fields, by question id; blanks are left out. */
export function readAnswers(questions) {
  const answers = {};
  for (const q of questions ?? []) {
    const input = document.getElementById(fieldId(q));
    if (!input) continue;
    if (q.kind === 'yes_no') {
      answers[q.id] = input.checked;
    } else if (input.value.trim()) {
      answers[q.id] = input.value.trim();
    }
  }
  return answers;
}
