// The Helm chart, rendered with its default values and the values files of ci/, validated
// object by object against the Kubernetes 1.34 schemas, and held to the rules of
// chart-rules.ts. No cluster runs here: this is what proves the chart.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  CHART_DIR,
  admittedCallers,
  allSchemaProblems,
  componentEnv,
  containerProblems,
  envProblems,
  find,
  lintChart,
  networkPolicyProblems,
  renderChart,
  targetProblems,
  templateChart,
  type K8sObject,
} from '../src/index.js';
import { scratchDir } from '@mc/test-support';

const VALUES = {
  default: [],
  external: [`${CHART_DIR}/ci/external-values.yaml`],
  ingressTlsGeo: [`${CHART_DIR}/ci/ingress-tls-geo-values.yaml`],
  minimal: [`${CHART_DIR}/ci/minimal-values.yaml`],
} as const;
const EXTERNAL_SECRETS = ['communes-redis', 'communes-meilisearch'];
const name = (component: string) => `mc-morocco-communes-${component}`;

/** What each app refuses to start without (README, "Cluster mode"), and what the chart always sets. */
const REQUIRED_ENV = {
  gateway: ['CATALOG_URL', 'SEARCH_URL', 'GEO_URL', 'PORT', 'METRICS_PORT'],
  catalog: ['REDIS_URL', 'PORT', 'METRICS_PORT'],
  search: ['REDIS_URL', 'PORT', 'METRICS_PORT'],
  geo: ['REDIS_URL', 'PORT', 'METRICS_PORT'],
  etl: ['REDIS_URL'],
};

const rendered = Object.fromEntries(Object.entries(VALUES).map(([key, files]) => [key, renderChart({ valuesFiles: files })])) as Record<keyof typeof VALUES, K8sObject[]>;
const containersOfJob = (objects: K8sObject[]) => find(objects, 'Job', name('etl'))!.spec.template.spec.containers[0];
const envOf = (objects: K8sObject[], component: string) => Object.fromEntries((componentEnv(objects, component) ?? []).map((v) => [v.name, v.value ?? v.valueFrom]));

describe('the chart renders valid objects that keep the rules', () => {
  for (const [label, files] of Object.entries(VALUES)) {
    it(`${label} values: helm lint --strict passes`, () => {
      const run = lintChart({ valuesFiles: files });
      assert.equal(run.status, 0, run.stdout + run.stderr);
    });

    it(`${label} values: every object is valid for Kubernetes 1.34 and every rule holds`, async () => {
      const objects = rendered[label as keyof typeof VALUES];
      assert.ok(objects.length >= 18, `only ${objects.length} objects rendered`);
      assert.deepEqual(await allSchemaProblems(objects), []);
      assert.deepEqual(containerProblems(objects), []);
      assert.deepEqual(targetProblems(objects), []);
      assert.deepEqual(networkPolicyProblems(objects), []);
      assert.deepEqual(envProblems(objects, REQUIRED_ENV, EXTERNAL_SECRETS), []);
    });
  }

  it('default values: four apps with a Service and a PDB each, Redis and Meilisearch as StatefulSets with volumes, the ETL as a post-install/upgrade hook', () => {
    const objects = rendered.default;
    for (const app of ['gateway', 'catalog', 'search', 'geo']) {
      for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget']) assert.ok(find(objects, kind, name(app)), `${kind} ${name(app)}`);
    }
    for (const store of ['redis', 'meilisearch']) {
      const set = find(objects, 'StatefulSet', name(store));
      assert.ok(set, store);
      assert.equal(set.spec.volumeClaimTemplates[0].spec.resources.requests.storage, '2Gi');
    }
    const job = find(objects, 'Job', name('etl'))!;
    assert.equal(job.metadata.annotations!['helm.sh/hook'], 'post-install,post-upgrade');
    assert.equal(job.spec.template.spec.restartPolicy, 'Never');
    // The geo pack is read before the first answer: geo alone has a startup probe.
    const geo = find(objects, 'Deployment', name('geo'))!;
    assert.deepEqual(geo.spec.template.spec.containers[0].startupProbe.httpGet, { path: '/healthz', port: 'http' });
    assert.equal(find(objects, 'Deployment', name('catalog'))!.spec.template.spec.containers[0].startupProbe, undefined);
    assert.deepEqual(geo.spec.template.spec.topologySpreadConstraints.map((c: { topologyKey: string }) => c.topologyKey), ['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
    // Prometheus annotations point at the metrics port, which is off the API port.
    assert.equal(geo.spec.template.metadata.annotations['prometheus.io/port'], '9090');
    assert.equal(find(objects, 'Ingress', 'mc-morocco-communes'), undefined);
  });

  it('default values: the gateway reaches each service by its Service, the services Redis with the generated password, search Meilisearch with the key Secret', () => {
    const objects = rendered.default;
    const gateway = envOf(objects, 'gateway');
    assert.equal(gateway.CATALOG_URL, `http://${name('catalog')}:3101`);
    assert.equal(gateway.SEARCH_URL, `http://${name('search')}:3102`);
    assert.equal(gateway.GEO_URL, `http://${name('geo')}:3103`);
    for (const app of ['catalog', 'search', 'geo', 'etl']) {
      const env = envOf(objects, app);
      assert.equal(env.REDIS_URL, `redis://:$(REDIS_PASSWORD)@${name('redis')}:6379/0`, app);
      assert.deepEqual(env.REDIS_PASSWORD, { secretKeyRef: { name: name('redis'), key: 'redis-password' } }, app);
    }
    for (const app of ['search', 'etl']) {
      assert.equal(envOf(objects, app).MEILI_URL, `http://${name('meilisearch')}:7700`);
      assert.deepEqual(envOf(objects, app).MEILI_API_KEY, { secretKeyRef: { name: name('meilisearch'), key: 'master-key' } });
    }
    for (const app of ['catalog', 'geo', 'gateway']) assert.equal(envOf(objects, app).MEILI_URL, undefined, app);
    const secret = find(objects, 'Secret', name('meilisearch'))!;
    assert.ok(Buffer.from(secret.data!['master-key']!, 'base64').length >= 16, 'a master key of 16 bytes or more');
  });

  it('default values: each NetworkPolicy admits exactly the callers the design lists', () => {
    const admitted = admittedCallers(rendered.default);
    const controller = `outside:${JSON.stringify({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'ingress-nginx' } } })}`;
    assert.deepEqual(Object.fromEntries([...admitted].map(([target, callers]) => [target, [...callers].sort()])), {
      gateway: [`${controller}@http`],
      catalog: ['gateway@http'],
      search: ['gateway@http'],
      geo: ['gateway@http'],
      redis: ['catalog@redis', 'etl@redis', 'geo@redis', 'search@redis'],
      meilisearch: ['etl@http', 'search@http'],
    });
  });

  it('geo scaled to 6-20 replicas: the geo HPA targets the geo Deployment on CPU, which leaves replicas to it; ingress with TLS reaches only the gateway', () => {
    const objects = rendered.ingressTlsGeo;
    const hpa = find(objects, 'HorizontalPodAutoscaler', name('geo'))!;
    assert.deepEqual(hpa.spec.scaleTargetRef, { apiVersion: 'apps/v1', kind: 'Deployment', name: name('geo') });
    assert.equal(hpa.spec.minReplicas, 6);
    assert.equal(hpa.spec.maxReplicas, 20);
    assert.equal(hpa.spec.metrics[0].resource.target.averageUtilization, 65);
    assert.equal(find(objects, 'Deployment', name('geo'))!.spec.replicas, undefined);
    assert.equal(find(objects, 'HorizontalPodAutoscaler', name('gateway'))!.spec.minReplicas, 3);
    const ingress = find(objects, 'Ingress', 'mc-morocco-communes')!;
    assert.equal(ingress.spec.ingressClassName, 'nginx');
    assert.deepEqual(ingress.spec.tls, [{ secretName: 'api-communes-example-org-tls', hosts: ['api.communes.example.org'] }]);
    assert.deepEqual(ingress.spec.rules[0].http.paths[0].backend, { service: { name: name('gateway'), port: { name: 'http' } } });
    assert.equal(envOf(objects, 'gateway').PUBLIC_BASE_URL, 'https://api.communes.example.org');
  });

  it('with scrapers and gateway clients: Prometheus reaches the metrics port only, the dashboards namespace the gateway, and a ServiceMonitor selects the four apps', () => {
    const objects = rendered.ingressTlsGeo;
    const admitted = admittedCallers(objects);
    const prometheus = `outside:${JSON.stringify({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } } })}`;
    for (const app of ['gateway', 'catalog', 'search', 'geo']) {
      assert.ok(admitted.get(app)!.has(`${prometheus}@metrics`), app);
      assert.ok(![...admitted.get(app)!].some((c) => c.startsWith(prometheus) && !c.endsWith('@metrics')), app);
    }
    assert.ok(admitted.get('gateway')!.has(`outside:${JSON.stringify({ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'dashboards' } } })}@http`));
    assert.ok(!admitted.get('redis')!.has(`${prometheus}@metrics`));
    const monitor = find(objects, 'ServiceMonitor', 'mc-morocco-communes')!;
    assert.equal(monitor.metadata.labels!.release, 'kube-prometheus-stack');
    const selected = objects.filter((o) => o.kind === 'Service' && monitor.spec.selector.matchExpressions[0].values.includes(o.metadata.labels!['app.kubernetes.io/component']));
    assert.deepEqual(selected.map((s) => s.metadata.name).sort(), ['catalog', 'gateway', 'geo', 'search'].map(name));
    assert.ok(selected.every((s) => s.spec.ports.some((p: { name: string }) => p.name === 'metrics')));
  });

  it('a new dataset version: etl.imageTag changes the ETL Job’s image and leaves every Deployment as it was', () => {
    const refreshed = renderChart({ set: ['etl.imageTag=2026.12.1'] });
    assert.equal(containersOfJob(refreshed).image, 'ghcr.io/morocco-communes/etl:2026.12.1');
    assert.equal(containersOfJob(rendered.default).image, 'ghcr.io/morocco-communes/etl:0.1.0');
    const deployments = (objects: K8sObject[]) => objects.filter((o) => o.kind === 'Deployment');
    assert.deepEqual(deployments(refreshed), deployments(rendered.default));
  });

  it('external Redis and Meilisearch: no StatefulSet, no generated Secret, the URLs and Secrets of the values', () => {
    const objects = rendered.external;
    assert.equal(objects.filter((o) => o.kind === 'StatefulSet').length, 0);
    assert.equal(objects.filter((o) => o.kind === 'Secret').length, 0);
    assert.equal(envOf(objects, 'catalog').REDIS_URL, 'rediss://:$(REDIS_PASSWORD)@redis.data.svc.cluster.local:6380/2');
    assert.deepEqual(envOf(objects, 'geo').REDIS_PASSWORD, { secretKeyRef: { name: 'communes-redis', key: 'password' } });
    assert.equal(envOf(objects, 'search').MEILI_URL, 'https://search.example.org');
    assert.deepEqual(envOf(objects, 'etl').MEILI_API_KEY, { secretKeyRef: { name: 'communes-meilisearch', key: 'api-key' } });
    assert.deepEqual([...admittedCallers(objects).keys()].sort(), ['catalog', 'gateway', 'geo', 'search']);
  });

  it('minimal values: one replica each, no autoscaler, search on its embedded engine', () => {
    const objects = rendered.minimal;
    for (const app of ['gateway', 'catalog', 'search', 'geo']) assert.equal(find(objects, 'Deployment', name(app))!.spec.replicas, 1, app);
    assert.equal(objects.filter((o) => o.kind === 'HorizontalPodAutoscaler').length, 0);
    assert.equal(envOf(objects, 'search').MEILI_URL, undefined);
    assert.equal(find(objects, 'StatefulSet', name('meilisearch')), undefined);
    assert.equal(find(objects, 'Deployment', name('geo'))!.spec.template.spec.topologySpreadConstraints, undefined);
  });
});

describe('values the schema or the chart refuses make helm template fail', () => {
  const refused = (set: string[], message: RegExp) => {
    const run = templateChart({ set });
    assert.notEqual(run.status, 0, `helm template accepted ${set.join(' ')}`);
    assert.match(run.stderr, message);
  };

  it('a string for replicas', () => refused(['gateway.replicas=two'], /gateway\/replicas.*want integer|replicas.*integer/));
  it('a values file with a quoted replica count, a host without paths and a misspelt group', () => {
    const file = join(scratchDir('mc-values-'), 'broken-values.yaml');
    writeFileSync(file, 'geo:\n  replicas: "3"\ningress:\n  enabled: true\n  hosts:\n    - host: api.example.org\nnetworkPolicies:\n  enabled: false\n');
    const run = templateChart({ valuesFiles: [file] });
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /geo\/replicas/);
    assert.match(run.stderr, /ingress\/hosts\/0.*paths/);
    assert.match(run.stderr, /'networkPolicies' not allowed/);
  });
  it('an unknown key, at the top or inside a group', () => {
    refused(['replicaCount=3'], /additional propert(y|ies) 'replicaCount' not allowed/);
    refused(['geo.autoscaling.maxReplica=30'], /additional propert(y|ies) 'maxReplica' not allowed/);
  });
  it('zero replicas, a CPU target above 100 and a pull policy Kubernetes does not know', () => {
    refused(['geo.replicas=0'], /geo\/replicas/);
    refused(['geo.autoscaling.targetCPUUtilizationPercentage=150'], /targetCPUUtilizationPercentage/);
    refused(['image.pullPolicy=Sometimes'], /pullPolicy/);
  });
  it('a Redis password that cannot go into a URL, a short Meilisearch key', () => {
    refused(['redis.password=p@ss/word'], /redis\/password/);
    refused(['meilisearch.masterKey=short'], /masterKey/);
  });
  it('no Redis at all, or two', () => {
    refused(['redis.enabled=false'], /externalRedis.url is required/);
    refused(['externalRedis.url=redis://elsewhere:6379'], /either redis.enabled or externalRedis.url/);
  });
  it('more minimum than maximum replicas', () => refused(['geo.autoscaling.minReplicas=8', 'geo.autoscaling.maxReplicas=6'], /minReplicas \(8\) is above maxReplicas \(6\)/));
});

describe('the rules catch what they guard against', () => {
  const copy = () => structuredClone(rendered.default);

  it('a container without probes, running as root, or with a writable root filesystem', () => {
    const objects = copy();
    const container = find(objects, 'Deployment', name('search'))!.spec.template.spec.containers[0];
    delete container.readinessProbe;
    container.securityContext.runAsNonRoot = false;
    container.securityContext.readOnlyRootFilesystem = false;
    container.image = 'ghcr.io/morocco-communes/search:latest';
    assert.deepEqual(containerProblems(objects).map((p) => p.replace(/^.*?: /, '')).sort(), ['image ghcr.io/morocco-communes/search:latest is not pinned to a tag', 'no readinessProbe', 'root filesystem is writable', 'runAsNonRoot is not true']);
  });

  it('an HPA aimed at a Deployment that does not exist, a Service selecting nothing', () => {
    const objects = copy();
    find(objects, 'HorizontalPodAutoscaler', name('geo'))!.spec.scaleTargetRef.name = 'geo';
    find(objects, 'Service', name('catalog'))!.spec.selector['app.kubernetes.io/component'] = 'katalog';
    assert.equal(targetProblems(objects).length, 2);
  });

  it('a NetworkPolicy letting the gateway reach Redis, and one selecting no pod', () => {
    const objects = copy();
    const redis = find(objects, 'NetworkPolicy', name('redis'))!;
    redis.spec.ingress[0].from.push({ podSelector: { matchLabels: { 'app.kubernetes.io/component': 'gateway' } } });
    find(objects, 'NetworkPolicy', name('geo'))!.spec.podSelector.matchLabels['app.kubernetes.io/component'] = 'geography';
    assert.ok(admittedCallers(objects).get('redis')!.has('gateway@redis'));
    assert.deepEqual(networkPolicyProblems(objects), [`NetworkPolicy/${name('geo')}: selects no pods`, `Deployment/${name('geo')}: no NetworkPolicy covers its pods`]);
  });

  it('a missing variable, a URL to no Service, a Secret that is not there', () => {
    const objects = copy();
    const env = find(objects, 'Deployment', name('gateway'))!.spec.template.spec.containers[0].env;
    env.splice(env.findIndex((v: { name: string }) => v.name === 'GEO_URL'), 1);
    env.find((v: { name: string }) => v.name === 'CATALOG_URL').value = `http://${name('catalog')}:80`;
    find(objects, 'Deployment', name('catalog'))!.spec.template.spec.containers[0].env[3].valueFrom.secretKeyRef.name = 'nowhere';
    assert.deepEqual(envProblems(objects, REQUIRED_ENV).sort(), [
      `catalog: REDIS_PASSWORD reads Secret nowhere, which is neither rendered nor external`,
      `gateway: CATALOG_URL uses port 80, which Service ${name('catalog')} does not expose`,
      'gateway: GEO_URL is not set',
    ]);
  });

  it('an object the Kubernetes schema refuses', async () => {
    const objects = copy();
    find(objects, 'Deployment', name('geo'))!.spec.template.spec.containers[0].ports[0].containerPort = '3103';
    find(objects, 'PodDisruptionBudget', name('geo'))!.apiVersion = 'policy/v1beta3';
    const problems = await allSchemaProblems(objects);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems.join('\n'), /containerPort must be integer/);
  });
});
