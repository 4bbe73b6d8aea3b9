/** Trigrams (reference-behaviour §4.3) and consonant skeletons (§4.4) of folded names. */

/** Sliding window of 3 over the folded string, spaces included; a short string is its own gram. */
export function trigrams(folded: string): string[] {
  if (folded.length <= 3) return folded === '' ? [] : [folded];
  const grams: string[] = [];
  for (let i = 0; i + 3 <= folded.length; i++) grams.push(folded.slice(i, i + 3));
  return grams;
}

const ARTICLES = new Set(['el', 'al', 'l', 'ed', 'er', 'es', 'ez', 'et', 'en', 'ech', 'ad', 'ar', 'as', 'az', 'at', 'an']);
// One symbol for each digraph that stands for a single Arabic consonant.
const DIGRAPHS: ReadonlyArray<[RegExp, string]> = [
  [/ou/g, 'w'],
  [/kh/g, 'X'],
  [/[cs]h/g, 'S'],
  [/gh/g, 'G'],
  [/th/g, 't'],
  [/dh/g, 'd'],
  [/ph/g, 'f'],
  [/[qc]/g, 'k'],
];

/**
 * The consonant skeleton of a Latin-script folded name, so that Tétouan and Titwan, Ketama
 * and Ktama, l3ayoun and Laâyoune meet. Null for anything but a–z, digits and spaces
 * (Arabic script has no vowels to drop).
 */
export function skeleton(folded: string): string | null {
  if (!/^[a-z0-9 ]+$/.test(folded)) return null;
  let text = folded.replace(/[23]/g, '').replace(/7/g, 'h').replace(/9/g, 'q').replace(/5/g, 'kh');
  text = text
    .split(' ')
    .filter((word) => word !== '' && !ARTICLES.has(word))
    .join('');
  for (const [pattern, symbol] of DIGRAPHS) text = text.replace(pattern, symbol);
  text = text.replace(/[aeiou0-9]/g, '');
  return text.replace(/(.)\1+/g, '$1');
}
