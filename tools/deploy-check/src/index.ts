export * from './manifests.js';
export * from './helm.js';
export * from './kube-validate.js';
export * from './chart-rules.js';
export * from './rendered-env.js';
export * from './compose-check.js';
export * from './dockerfile-check.js';
