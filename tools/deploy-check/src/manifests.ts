/**
 * Kubernetes objects as `helm template` renders them, and the few facts the checks read from
 * them: the pod template of a workload, its containers, a component's label.
 */
import { parseAllDocuments } from 'yaml';

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered objects are checked, not trusted */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
  [field: string]: unknown;
}

export const COMPONENT_LABEL = 'app.kubernetes.io/component';
const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'Job', 'DaemonSet']);

/** Every non-empty document of a multi-document YAML stream. */
export function parseManifests(text: string): K8sObject[] {
  const objects: K8sObject[] = [];
  for (const document of parseAllDocuments(text)) {
    if (document.errors.length > 0) throw new Error(`rendered YAML does not parse: ${document.errors[0]!.message}`);
    const value = document.toJS() as K8sObject | null;
    if (value !== null && value !== undefined) objects.push(value);
  }
  return objects;
}

export function isWorkload(object: K8sObject): boolean {
  return WORKLOAD_KINDS.has(object.kind);
}

export function podTemplate(workload: K8sObject): { metadata: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: any } {
  return workload.spec.template;
}

export function containersOf(workload: K8sObject): any[] {
  const spec = podTemplate(workload).spec;
  return [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
}

export function componentOf(object: K8sObject): string | undefined {
  return isWorkload(object) ? podTemplate(object).metadata.labels?.[COMPONENT_LABEL] : object.metadata.labels?.[COMPONENT_LABEL];
}

/** Whether `labels` carry every pair of a `matchLabels` selector (matchExpressions In/NotIn/Exists too). */
export function selects(selector: { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] } | undefined, labels: Record<string, string> = {}): boolean {
  if (!selector) return false;
  const pairs = Object.entries(selector.matchLabels ?? {});
  if (!pairs.every(([key, value]) => labels[key] === value)) return false;
  return (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key]!);
    if (operator === 'NotIn') return !values.includes(labels[key]!);
    if (operator === 'Exists') return key in labels;
    if (operator === 'DoesNotExist') return !(key in labels);
    return false;
  });
}

/** The workloads whose pods a label selector picks. */
export function workloadsSelectedBy(objects: readonly K8sObject[], selector: Parameters<typeof selects>[0]): K8sObject[] {
  return objects.filter((o) => isWorkload(o) && selects(selector, podTemplate(o).metadata.labels));
}

export function find(objects: readonly K8sObject[], kind: string, name: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === name);
}
