/**
 * URLs that ask for the same answer. A route's answer is a function of its path and of the
 * values of the few parameters it reads; it ignores every other parameter (a cache-busting
 * `_`, a tracking tag) and their order. `answerKey` names the answer a URL asks for: its path,
 * then the values of the parameters the route reads, as spelled, in the route's order. The
 * server's listener can then answer a new spelling of an answer it holds (ReadyAnswers). Pure.
 *
 * Only plain spellings are named. A URL with `;` or `#`, or a parameter name with `%` or `+`,
 * is left to the framework: its parser could decode such a name into one the route reads.
 * Values are compared as spelled, so `q=sidi` and `q=s%69di` are two answers, both right.
 */

/** The path of a request URL (what precedes its query). */
export function pathOf(url: string): string {
  const mark = url.indexOf('?');
  return mark < 0 ? url : url.slice(0, mark);
}

export function answerKey(url: string, reads: readonly string[]): string | undefined {
  if (url.includes(';') || url.includes('#')) return undefined;
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  if (mark < 0 || reads.length === 0) return `${path}?`;
  // Each read parameter's values in the order given: `page=1&page=2` is refused, not page 1.
  const values: string[][] = reads.map(() => []);
  for (const piece of url.slice(mark + 1).split('&')) {
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    const name = equals < 0 ? piece : piece.slice(0, equals);
    if (name.includes('%') || name.includes('+')) return undefined;
    const at = reads.indexOf(name);
    // Without `=` a parameter is given empty, as the framework's parser reads it.
    if (at >= 0) values[at]!.push(equals < 0 ? '' : piece.slice(equals + 1));
  }
  const parts: string[] = [];
  reads.forEach((name, i) => {
    for (const value of values[i]!) parts.push(`${name}=${value}`);
  });
  return `${path}?${parts.join('&')}`;
}
