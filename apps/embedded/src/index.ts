export { createEmbeddedApp } from './embedded.js';
export { readConfig, type EmbeddedConfig } from './config.js';
