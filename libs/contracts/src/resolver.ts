/**
 * Identifier resolution (spec §1, reference-behaviour §3): a unit answers to its dotted code,
 * its 9-digit `codeDigits`, those digits with leading zeros lost, and its slug. A collection's
 * own level is preferred, so /api/provinces/x and /api/communes/x may name different units.
 */
import { unpaddedDigits } from './codes.js';
import { LEVEL_PRECEDENCE, type Level } from './levels.js';
import { slugify } from './normalise.js';
import type { UnitIndexEntry } from './records.js';

export type Resolution =
  | { kind: 'found'; unit: UnitIndexEntry }
  | { kind: 'absent' }
  | { kind: 'malformed' };

export interface Resolver {
  resolve(raw: string, preferred?: Level): Resolution;
  byCode(code: string): UnitIndexEntry | undefined;
}

/** Keys of one unit, strongest first: exact spellings before the (possibly shared) slug. */
function keysOf(unit: UnitIndexEntry): { exact: string[]; slug: string } {
  return { exact: [unit.code, unit.codeDigits, unpaddedDigits(unit.codeDigits)], slug: unit.slug };
}

/**
 * What can name a unit (spec §1): a code (digits, with or without dots) or a name or slug
 * (letters, digits, spaces, hyphens, apostrophes, dots, underscores, beginning and ending with
 * a letter or digit). Anything else (`tanger!!`, `-1`, `+1`, a NUL or `#`) names nothing
 * and is malformed, rather than being folded into a real unit's slug.
 */
const CODE_SPELLING = /^[0-9]+(?:\.[0-9]+)*$/;
const NAME_SPELLING = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N} '’_.-]*[\p{L}\p{M}\p{N}])?$/u;

export function isIdentifierSpelling(raw: string): boolean {
  return raw.length <= 200 && (CODE_SPELLING.test(raw) || NAME_SPELLING.test(raw));
}

export function createResolver(units: readonly UnitIndexEntry[]): Resolver {
  const byCode = new Map<string, UnitIndexEntry>();
  const anyLevel = new Map<string, UnitIndexEntry>();
  const perLevel = new Map<Level, Map<string, UnitIndexEntry>>();
  const ordered = [...units].sort(
    (a, b) => LEVEL_PRECEDENCE.indexOf(a.level) - LEVEL_PRECEDENCE.indexOf(b.level) || compareCodes(a.code, b.code),
  );
  // Dotted codes and padded digits are unique across levels; unpadded digits and slugs may
  // collide, and then the first inserted (level precedence, then code) keeps the key.
  for (const pass of ['exact', 'slug'] as const) {
    for (const unit of ordered) {
      const keys = pass === 'exact' ? keysOf(unit).exact : [keysOf(unit).slug];
      let levelMap = perLevel.get(unit.level);
      if (!levelMap) perLevel.set(unit.level, (levelMap = new Map()));
      for (const key of keys) {
        if (!anyLevel.has(key)) anyLevel.set(key, unit);
        if (!levelMap.has(key)) levelMap.set(key, unit);
      }
    }
  }
  for (const unit of units) byCode.set(unit.code, unit);

  const lookup = (key: string, preferred?: Level) =>
    (preferred && perLevel.get(preferred)?.get(key)) || anyLevel.get(key);

  return {
    byCode: (code) => byCode.get(code),
    resolve(raw, preferred) {
      if (!isIdentifierSpelling(raw)) return { kind: 'malformed' };
      const direct = lookup(raw, preferred);
      if (direct) return { kind: 'found', unit: direct };
      const slug = slugify(raw);
      if (slug === '' || slug === '-') return { kind: 'malformed' };
      const bySlug = lookup(slug, preferred);
      return bySlug ? { kind: 'found', unit: bySlug } : { kind: 'absent' };
    },
  };
}

/** Codes compare part by part as numbers' digit strings, which is plain string order here. */
export function compareCodes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
