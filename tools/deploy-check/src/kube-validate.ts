/**
 * Validation of rendered objects against the Kubernetes OpenAPI schemas, compiled into the
 * kubernetes-models package (generated from Kubernetes 1.34; KUBE_VERSION), and the Prometheus
 * Operator's CRDs (@kubernetes-models/prometheus-operator) for the ServiceMonitor.
 */
import type { K8sObject } from './manifests.js';

interface ModelClass {
  new (data: unknown): { validate(): void };
}

/** The module path of a kind's model: core `v1` and `group/version` of kubernetes-models, or a CRD package. */
function modelModule(apiVersion: string, kind: string): string {
  if (apiVersion.startsWith('monitoring.coreos.com/')) return `@kubernetes-models/prometheus-operator/${apiVersion}/${kind}`;
  return `kubernetes-models/${apiVersion}/${kind}`;
}

/** Every schema violation of one object, as "Kind/name: path message"; none when valid. */
export async function schemaProblems(object: K8sObject): Promise<string[]> {
  const where = `${object.kind}/${object.metadata?.name}`;
  if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') return [`${where}: no apiVersion or kind`];
  let Model: ModelClass | undefined;
  try {
    const module = (await import(modelModule(object.apiVersion, object.kind))) as Record<string, ModelClass>;
    Model = module[object.kind];
  } catch {
    Model = undefined;
  }
  if (!Model) return [`${where}: ${object.apiVersion} ${object.kind} is not a kind the checked Kubernetes release knows`];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
}

export async function allSchemaProblems(objects: readonly K8sObject[]): Promise<string[]> {
  return (await Promise.all(objects.map(schemaProblems))).flat();
}
