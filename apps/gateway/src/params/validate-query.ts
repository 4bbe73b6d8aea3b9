/** Validates a query object against a class-validator DTO; failures become invalid-query problems. */
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { registerDecorator, validateSync } from 'class-validator';
import { MAX_PAGE, invalidQuery } from '@mc/contracts';

/** A whole number written with digits only, within [min, max]. */
export function IsWholeNumberIn(min: number, max: number, message: string) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isWholeNumberIn',
      target: target.constructor,
      propertyName: property,
      options: { message },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max,
      },
    });
}

export const PAGE_MESSAGE = `page must be a whole number between 1 and ${MAX_PAGE}`;

/** Only `keys` are read; a key given twice is refused (which one would win?). */
export function validateQuery<T extends object>(dto: ClassConstructor<T>, query: Record<string, unknown>, keys: readonly string[]): T {
  const repeated = keys.filter((key) => Array.isArray(query[key]));
  if (repeated.length > 0) throw invalidQuery(`${repeated.join(', ')} must be given at most once`);
  const plain: Record<string, unknown> = {};
  for (const key of keys) if (query[key] !== undefined) plain[key] = query[key];
  const params = plainToInstance(dto, plain);
  const errors = validateSync(params, { forbidUnknownValues: false });
  if (errors.length > 0) throw invalidQuery(errors.flatMap((e) => Object.values(e.constraints ?? {})).join('; '));
  return params;
}
