export * from './exonyms.js';
export * from './text.js';
export * from './documents.js';
export * from './scorer.js';
export * from './held-names.js';
export * from './meili.js';
