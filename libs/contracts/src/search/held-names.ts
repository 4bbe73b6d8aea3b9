/**
 * The names a unit holds (its named places, a commune's douars), indexed once per unit so that
 * scoring a candidate costs a few look-ups, not a pass over hundreds of names: Casablanca
 * holds over a thousand places, and a query like "sidi" scores 231 candidates.
 */

/** Name rules of held names: exact, a name the query begins (top down to top − cap as the name is longer), a whole word. */
export interface HeldNameScores {
  exact: number;
  prefixTop: number;
  prefixCap: number;
  word: number;
}

export interface HeldNameIndex {
  /** Every folded name with the position of what holds it, sorted by name: a prefix is a range. */
  sorted: ReadonlyArray<readonly [string, number]>;
  /** Each word of a name → the positions holding it, ascending. */
  words: ReadonlyMap<string, readonly number[]>;
  /** The folded names of each position. */
  names: ReadonlyArray<readonly string[]>;
}

export function indexHeldNames(namesByPosition: ReadonlyArray<readonly string[]>): HeldNameIndex {
  const sorted: Array<readonly [string, number]> = [];
  const words = new Map<string, number[]>();
  namesByPosition.forEach((names, position) => {
    for (const name of names) {
      sorted.push([name, position]);
      for (const word of new Set(name.split(' '))) {
        const list = words.get(word);
        if (!list) words.set(word, [position]);
        else if (list[list.length - 1] !== position) list.push(position);
      }
    }
  });
  sorted.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return { sorted, words, names: namesByPosition };
}

/**
 * The best held name for a folded query, as a pass over every name in position order keeping
 * the first strictly higher score would find it: the highest score, the lowest position on a tie.
 */
export function bestHeldName(index: HeldNameIndex, folded: string, scores: HeldNameScores): { score: number; position: number } | null {
  let best: { score: number; position: number } | null = null;
  const consider = (score: number, position: number) => {
    if (!best || score > best.score || (score === best.score && position < best.position)) best = { score, position };
  };
  const { sorted } = index;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]![0] < folded) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < sorted.length && sorted[i]![0].startsWith(folded); i++) {
    const [name, position] = sorted[i]!;
    consider(name.length === folded.length ? scores.exact : scores.prefixTop - Math.min(scores.prefixCap, name.length - folded.length), position);
  }
  if (best) return best;
  // Whole words: positions holding the query's first word, checked for the whole query.
  const space = folded.indexOf(' ');
  for (const position of index.words.get(space < 0 ? folded : folded.slice(0, space)) ?? []) {
    if (space < 0 || index.names[position]!.some((name) => isWordAt(name, folded))) return { score: scores.word, position };
  }
  return null;
}

/** Whether `words` appear in `name` as whole words (between spaces or the ends). */
export function isWordAt(name: string, words: string): boolean {
  for (let at = name.indexOf(words); at >= 0; at = name.indexOf(words, at + 1)) {
    if ((at === 0 || name[at - 1] === ' ') && (at + words.length === name.length || name[at + words.length] === ' ')) return true;
  }
  return false;
}
