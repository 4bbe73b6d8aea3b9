import { Counter, register } from 'prom-client';

/** Counters live in the process registry; several app instances in one process share them. */
export function searchFallbackCounter(): Counter<'engine'> {
  const name = 'search_engine_fallbacks_total';
  return (
    (register.getSingleMetric(name) as Counter<'engine'> | undefined) ??
    new Counter({ name, help: 'Searches answered by the embedded engine because the primary engine failed', labelNames: ['engine'] })
  );
}
