/**
 * The environment a container would get from Kubernetes: literal values, secret references
 * resolved against the rendered Secrets (or values given for external ones), and `$(NAME)`
 * references expanded from the variables defined before them, as the kubelet does.
 */
import type { K8sObject } from './manifests.js';
import type { EnvVar } from './chart-rules.js';

/** Expands `$(NAME)` from `defined`; `$$(NAME)` stays literal; unknown references stay as written. */
export function expandReferences(value: string, defined: ReadonlyMap<string, string>): string {
  return value.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (match, name: string | undefined) => {
    if (match === '$$') return '$';
    return defined.has(name!) ? defined.get(name!)! : match;
  });
}

export function resolveEnv(env: readonly EnvVar[], objects: readonly K8sObject[], externalSecrets: Readonly<Record<string, Record<string, string>>> = {}): Record<string, string> {
  const defined = new Map<string, string>();
  for (const variable of env) {
    const ref = variable.valueFrom?.secretKeyRef;
    let value: string | undefined;
    if (ref) {
      const secret = objects.find((o) => o.kind === 'Secret' && o.metadata.name === ref.name);
      const encoded = secret?.data?.[ref.key];
      value = encoded !== undefined ? Buffer.from(encoded, 'base64').toString('utf8') : externalSecrets[ref.name]?.[ref.key];
      if (value === undefined) throw new Error(`${variable.name}: Secret ${ref.name} has no key ${ref.key}`);
    } else {
      value = expandReferences(variable.value ?? '', defined);
    }
    defined.set(variable.name, value);
  }
  return Object.fromEntries(defined);
}
