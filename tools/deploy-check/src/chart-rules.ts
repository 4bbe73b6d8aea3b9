/**
 * Rules every rendering of the chart must keep, as pure functions over the rendered objects:
 * each returns what is wrong ("Kind/name: why"), nothing when all is well.
 */
import { COMPONENT_LABEL, componentOf, containersOf, find, isWorkload, podTemplate, selects, workloadsSelectedBy, type K8sObject } from './manifests.js';

const where = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;
const LONG_RUNNING = new Set(['Deployment', 'StatefulSet']);

/** Non-root, read-only, no privilege escalation, no capabilities, RuntimeDefault seccomp, resources, probes. */
export function containerProblems(objects: readonly K8sObject[]): string[] {
  const problems: string[] = [];
  for (const workload of objects.filter(isWorkload)) {
    const pod = podTemplate(workload).spec;
    const podContext = pod.securityContext ?? {};
    for (const container of containersOf(workload)) {
      const at = `${where(workload)} container ${container.name}`;
      const context = container.securityContext ?? {};
      const pick = (key: string) => (context[key] !== undefined ? context[key] : podContext[key]);
      if (pick('runAsNonRoot') !== true) problems.push(`${at}: runAsNonRoot is not true`);
      if (pick('runAsUser') === 0) problems.push(`${at}: runs as uid 0`);
      if (context.readOnlyRootFilesystem !== true) problems.push(`${at}: root filesystem is writable`);
      if (context.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation is not false`);
      if (!(context.capabilities?.drop ?? []).includes('ALL')) problems.push(`${at}: capabilities are not all dropped`);
      if (pick('seccompProfile')?.type !== 'RuntimeDefault') problems.push(`${at}: seccomp profile is not RuntimeDefault`);
      for (const side of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) if (container.resources?.[side]?.[resource] === undefined) problems.push(`${at}: no ${resource} ${side.slice(0, -1)}`);
      }
      const tag = /:([^/:@]+)$/.exec(container.image)?.[1];
      if (tag === undefined || tag === 'latest') problems.push(`${at}: image ${container.image} is not pinned to a tag`);
      if (LONG_RUNNING.has(workload.kind)) {
        for (const probe of ['livenessProbe', 'readinessProbe']) if (!container[probe]) problems.push(`${at}: no ${probe}`);
      }
      const portNames = new Set((container.ports ?? []).map((p: { name?: string }) => p.name));
      for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
        const port = container[probe]?.httpGet?.port ?? container[probe]?.tcpSocket?.port;
        if (typeof port === 'string' && !portNames.has(port)) problems.push(`${at}: ${probe} names port ${port}, which the container does not declare`);
      }
    }
  }
  return problems;
}

/** Every Service, PodDisruptionBudget and HorizontalPodAutoscaler reaches a workload of the release. */
export function targetProblems(objects: readonly K8sObject[]): string[] {
  const problems: string[] = [];
  for (const service of objects.filter((o) => o.kind === 'Service')) {
    const selected = workloadsSelectedBy(objects, { matchLabels: service.spec.selector });
    if (selected.length !== 1) {
      problems.push(`${where(service)}: selects ${selected.length} workloads, not 1`);
      continue;
    }
    const portNames = new Set(containersOf(selected[0]!).flatMap((c) => (c.ports ?? []).map((p: { name?: string }) => p.name)));
    for (const port of service.spec.ports ?? []) {
      if (typeof port.targetPort === 'string' && !portNames.has(port.targetPort)) problems.push(`${where(service)}: targetPort ${port.targetPort} is no port of ${where(selected[0]!)}`);
    }
  }
  for (const budget of objects.filter((o) => o.kind === 'PodDisruptionBudget')) {
    if (workloadsSelectedBy(objects, budget.spec.selector).length === 0) problems.push(`${where(budget)}: selects no pods`);
  }
  for (const scaler of objects.filter((o) => o.kind === 'HorizontalPodAutoscaler')) {
    const ref = scaler.spec.scaleTargetRef;
    const target = find(objects, ref.kind, ref.name);
    if (!target) problems.push(`${where(scaler)}: targets ${ref.kind}/${ref.name}, which the chart does not render`);
    else if (target.spec.replicas !== undefined) problems.push(`${where(scaler)}: ${where(target)} also fixes replicas, which each upgrade would reset`);
    if (scaler.spec.minReplicas > scaler.spec.maxReplicas) problems.push(`${where(scaler)}: minReplicas above maxReplicas`);
  }
  for (const ingress of objects.filter((o) => o.kind === 'Ingress')) {
    for (const rule of ingress.spec.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const backend = path.backend.service;
        const service = find(objects, 'Service', backend.name);
        if (!service) problems.push(`${where(ingress)}: backend ${backend.name} is no Service of the chart`);
        else if (!service.spec.ports.some((p: { name?: string; port: number }) => p.name === backend.port.name || p.port === backend.port.number)) problems.push(`${where(ingress)}: ${backend.name} has no port ${backend.port.name ?? backend.port.number}`);
      }
    }
  }
  return problems;
}

/** One admitted caller: a component of the release, or a peer outside it (namespace or IP block). */
export type Caller = string;

function describePeer(objects: readonly K8sObject[], peer: { podSelector?: object; namespaceSelector?: object; ipBlock?: object }): Caller[] {
  if (peer.namespaceSelector || peer.ipBlock) return [`outside:${JSON.stringify(peer)}`];
  return workloadsSelectedBy(objects, peer.podSelector as Parameters<typeof selects>[0]).map((w) => componentOf(w) ?? where(w));
}

/** For each NetworkPolicy's component: who may connect, on which ports (`caller@port`). */
export function admittedCallers(objects: readonly K8sObject[]): Map<string, Set<string>> {
  const admitted = new Map<string, Set<string>>();
  for (const policy of objects.filter((o) => o.kind === 'NetworkPolicy')) {
    const target = policy.spec.podSelector.matchLabels?.[COMPONENT_LABEL] ?? where(policy);
    const callers = admitted.get(target) ?? new Set<string>();
    for (const rule of policy.spec.ingress ?? []) {
      const ports: string[] = (rule.ports ?? [{ port: '*' }]).map((p: { port: string | number }) => String(p.port));
      const peers = rule.from ?? [{ namespaceSelector: {} }];
      for (const peer of peers) for (const caller of describePeer(objects, peer)) for (const port of ports) callers.add(`${caller}@${port}`);
    }
    admitted.set(target, callers);
  }
  return admitted;
}

/** NetworkPolicies select pods that exist, and every long-running pod of the release is behind one. */
export function networkPolicyProblems(objects: readonly K8sObject[]): string[] {
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  const problems = policies.filter((p) => workloadsSelectedBy(objects, p.spec.podSelector).length === 0).map((p) => `${where(p)}: selects no pods`);
  if (policies.length > 0) {
    for (const workload of objects.filter((o) => LONG_RUNNING.has(o.kind))) {
      if (!policies.some((p) => selects(p.spec.podSelector, podTemplate(workload).metadata.labels))) problems.push(`${where(workload)}: no NetworkPolicy covers its pods`);
    }
  }
  return problems;
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}

/** The env of a workload's container named after its component. */
export function componentEnv(objects: readonly K8sObject[], component: string): EnvVar[] | undefined {
  const workload = objects.find((o) => isWorkload(o) && componentOf(o) === component);
  return workload ? (containersOf(workload).find((c) => c.name === component)?.env ?? []) : undefined;
}

/**
 * Every variable each app requires is set, service URLs name a Service and port the chart
 * renders, and every secret reference names a rendered Secret or one the values call external.
 */
export function envProblems(objects: readonly K8sObject[], required: Readonly<Record<string, readonly string[]>>, externalSecrets: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const [component, names] of Object.entries(required)) {
    const env = componentEnv(objects, component);
    if (!env) {
      problems.push(`${component}: not rendered`);
      continue;
    }
    const present = new Set(env.map((v) => v.name));
    for (const name of names) if (!present.has(name)) problems.push(`${component}: ${name} is not set`);
    for (const variable of env) {
      const ref = variable.valueFrom?.secretKeyRef;
      if (ref && !externalSecrets.includes(ref.name)) {
        const secret = find(objects, 'Secret', ref.name);
        if (!secret) problems.push(`${component}: ${variable.name} reads Secret ${ref.name}, which is neither rendered nor external`);
        else if (!(ref.key in (secret.data ?? {}))) problems.push(`${component}: ${variable.name} reads key ${ref.key}, which Secret ${ref.name} lacks`);
      }
      const url = /^https?:\/\/([^/:]+):(\d+)/.exec(variable.value ?? '');
      if (url && /_URL$/.test(variable.name) && !url[1]!.includes('.')) {
        const service = find(objects, 'Service', url[1]!);
        if (!service) problems.push(`${component}: ${variable.name} names ${url[1]}, which is no Service of the chart`);
        else if (!service.spec.ports.some((p: { port: number }) => p.port === Number(url[2]))) problems.push(`${component}: ${variable.name} uses port ${url[2]}, which Service ${url[1]} does not expose`);
      }
    }
  }
  return problems;
}
