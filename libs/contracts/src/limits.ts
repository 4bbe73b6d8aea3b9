/** The bounds and defaults of spec §8, shared by validation and the OpenAPI description. */
export const LIMITS = {
  q: { min: 1, max: 100 },
  searchLimit: { min: 1, max: 50, default: 10 },
  communeSearchLimit: 10,
  radiusKm: { max: 100, default: 10 },
  nearLimit: { min: 1, max: 50, default: 10 },
  population: { min: 0, max: 10_000_000 },
  page: { min: 1, max: 10_000, default: 1 },
  perPage: 50,
} as const;
