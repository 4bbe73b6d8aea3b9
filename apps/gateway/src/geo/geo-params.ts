/** Parameters of GET /api/communes/at and /near (spec §4.2–4.3, reference-behaviour §5). */
import { IsOptional, registerDecorator } from 'class-validator';
import { LIMITS } from '@mc/contracts';
import { IsWholeNumberIn, validateQuery } from '../params/validate-query.js';

export const DEFAULT_RADIUS_KM = LIMITS.radiusKm.default;
export const MAX_RADIUS_KM = LIMITS.radiusKm.max;
export const DEFAULT_NEAR_LIMIT = LIMITS.nearLimit.default;
export const MAX_NEAR_LIMIT = LIMITS.nearLimit.max;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A decimal number (no exponent, no hex) with `accept` true. */
function IsDecimal(accept: (value: number) => boolean, message: string) {
  return (target: object, property: string) =>
    registerDecorator({
      name: 'isDecimal',
      target: target.constructor,
      propertyName: property,
      options: { message },
      validator: { validate: (value: unknown) => typeof value === 'string' && DECIMAL.test(value) && accept(Number(value)) },
    });
}

const LAT_MESSAGE = 'lat is required and must be a number between -90 and 90';
const LNG_MESSAGE = 'lng is required and must be a number between -180 and 180';

/** The parameters GET /api/communes/at and /near read. */
export const POINT_PARAMS = ['lat', 'lng'] as const;
export const NEAR_PARAMS = ['lat', 'lng', 'radius', 'limit'] as const;

export class PointParams {
  @IsDecimal((v) => v >= -90 && v <= 90, LAT_MESSAGE)
  lat!: string;

  @IsDecimal((v) => v >= -180 && v <= 180, LNG_MESSAGE)
  lng!: string;
}

export class NearParams extends PointParams {
  @IsOptional() @IsDecimal((v) => v > 0 && v <= MAX_RADIUS_KM, `radius must be a number in km, above 0 and at most ${MAX_RADIUS_KM}`)
  radius?: string;

  @IsOptional() @IsWholeNumberIn(1, MAX_NEAR_LIMIT, `limit must be a whole number between 1 and ${MAX_NEAR_LIMIT}`)
  limit?: string;
}

export function parsePoint(query: Record<string, unknown>): { lat: number; lng: number } {
  const params = validateQuery(PointParams, query, POINT_PARAMS);
  return { lat: Number(params.lat), lng: Number(params.lng) };
}

export function parseNear(query: Record<string, unknown>): { lat: number; lng: number; radiusKm: number; limit: number } {
  const params = validateQuery(NearParams, query, NEAR_PARAMS);
  return {
    lat: Number(params.lat),
    lng: Number(params.lng),
    radiusKm: params.radius === undefined ? DEFAULT_RADIUS_KM : Number(params.radius),
    limit: params.limit === undefined ? DEFAULT_NEAR_LIMIT : Number(params.limit),
  };
}
