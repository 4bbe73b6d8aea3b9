import { counter } from '@mc/contracts/service';

/** Searches the embedded engine answered because the primary engine failed. */
export const searchFallbackCounter = () => counter({ name: 'search_engine_fallbacks_total', help: 'Searches answered by the embedded engine because the primary engine failed', labelNames: ['engine'] });
