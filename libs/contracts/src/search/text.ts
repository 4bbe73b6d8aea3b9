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

// Each Arabic letter as the Latin skeleton writes the sound (ث as "th" → t, خ as "kh" → X…);
// alef and ain vanish as Latin vowels and "3" do. Moroccan gaf (ڭ) is g.
const ARABIC_CONSONANTS: Readonly<Record<string, string>> = {
  ب: 'b', ت: 't', ث: 't', ج: 'j', ح: 'h', خ: 'X', د: 'd', ذ: 'd', ر: 'r', ز: 'z', س: 's', ش: 'S', ص: 's', ض: 'd', ط: 't', ظ: 'd',
  غ: 'G', ف: 'f', ق: 'k', ك: 'k', ک: 'k', ل: 'l', م: 'm', ن: 'n', ه: 'h', و: 'w', ڭ: 'g', گ: 'g', ڤ: 'v', پ: 'p',
};

/**
 * The consonant skeleton of a folded Arabic-script name, comparable with `skeleton` of a Latin
 * spelling, so that اجنانات meets "Jnanat" and أولاد علي "Ouled Ali". The article ال is dropped
 * as el/al are; ي is y only where a word begins with it (elsewhere it is the vowel i, which
 * Latin skeletons drop), and a word's final ه (the folded ta marbuta) is the vowel a. A
 * heuristic, as spellings are: null when there is no Arabic letter.
 */
export function arabicSkeleton(folded: string): string | null {
  if (!/[\u0621-\u064A\u0671-\u06D3]/.test(folded)) return null;
  let text = '';
  for (let word of folded.split(' ')) {
    if (word.length > 3 && word.startsWith('ال')) word = word.slice(2);
    [...word].forEach((letter, i, letters) => {
      if (letter === 'ي' || letter === 'ی') text += i === 0 ? 'y' : '';
      else if (letter === 'ه' && i === letters.length - 1 && i > 0) text += '';
      else text += ARABIC_CONSONANTS[letter] ?? '';
    });
  }
  return text.replace(/(.)\1+/g, '$1');
}
