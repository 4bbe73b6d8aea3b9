/**
 * Name folding shared by slugs, identifier resolution and search (reference-behaviour §4.2).
 * French accents, Arabic hamza carriers and vowel marks all fold away, so "Tétouan",
 * "tetouan" and "طَنــْجَة"/"طنجة" compare equal to their plain forms.
 */
const COMBINING_MARKS = /\p{Mn}/gu;
// Letters that carry no decomposition in Unicode but that people type interchangeably.
const ARABIC_FOLDS: ReadonlyArray<[RegExp, string]> = [
  [/\u0629/g, '\u0647'], // ta marbuta → ha
  [/\u0649/g, '\u064A'], // alef maqsura → ya
  [/\u0621/g, ''], // standalone hamza
  [/\u0640/g, ''], // tatweel
];
const SEPARATORS = /['’‘`\-‐‑–—_/.,()]/g;
const NOT_WORD = /[^\p{L}\p{N} ]/gu;

export function normaliseName(input: string): string {
  let text = input.normalize('NFD').replace(COMBINING_MARKS, '');
  for (const [pattern, replacement] of ARABIC_FOLDS) text = text.replace(pattern, replacement);
  return text
    .toLowerCase()
    .replace(SEPARATORS, ' ')
    .replace(NOT_WORD, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A slug is the folded French name with hyphens for spaces: "Méchouar-Fès-El Jadid" → "mechouar-fes-el-jadid". */
export function slugify(name: string): string {
  return normaliseName(name).replace(/ /g, '-');
}
