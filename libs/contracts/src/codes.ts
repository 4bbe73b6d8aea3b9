/** Geographic code spellings (spec §1): dotted, 9-digit padded, unpadded digits. */
import type { Level } from './levels.js';

export const DOTTED_CODE = /^\d{2}(\.\d{3}(\.\d{2}(\.\d{1,2})?)?)?$/;

/**
 * The `codeDigits` rule of the dataset: dots removed; a commune or arrondissement code is
 * left-padded to 9 digits (Tanger 01.511.01.0 → 001511010). Other levels keep their own length.
 */
export function codeDigitsOf(code: string, level: Level): string {
  const digits = code.replace(/\./g, '');
  return level === 'commune' || level === 'arrondissement' ? digits.padStart(9, '0') : digits;
}

/** The spreadsheet spelling: a code's digits with the leading zeros lost. */
export function unpaddedDigits(digits: string): string {
  const stripped = digits.replace(/^0+/, '');
  return stripped === '' ? '0' : stripped;
}
