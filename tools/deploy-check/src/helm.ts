/**
 * Runs Helm on the chart: `helm lint` and `helm template`, for the Kubernetes version the
 * chart is checked against. Helm comes from HELM, the PATH, or `go install` (GOPATH/bin), as
 * .ci/run installs it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseManifests, type K8sObject } from './manifests.js';

export const CHART_DIR = 'deploy/helm/morocco-communes';
/** The Kubernetes release whose OpenAPI schemas validate the rendered objects (kubernetes-models). */
export const KUBE_VERSION = '1.34.0';

export class HelmError extends Error {
  override name = 'HelmError';
}

function goBin(): string {
  const fromGo = spawnSync('go', ['env', 'GOPATH'], { encoding: 'utf8' });
  return join(fromGo.status === 0 && fromGo.stdout.trim() ? fromGo.stdout.trim().split(':')[0]! : join(homedir(), 'go'), 'bin', 'helm');
}

let found: string | undefined;

/** The helm binary to run, or an error saying how to install it. */
export function helmBinary(): string {
  if (found) return found;
  if (process.env.HELM) return (found = process.env.HELM);
  if (spawnSync('helm', ['version', '--short']).status === 0) return (found = 'helm');
  const installed = goBin();
  if (existsSync(installed)) return (found = installed);
  throw new HelmError('helm is not installed: run `go install helm.sh/helm/v3/cmd/helm@v3.22.0` (as .ci/run does) or set HELM');
}

export interface HelmRun {
  status: number;
  stdout: string;
  stderr: string;
}

export function helm(args: readonly string[]): HelmRun {
  const run = spawnSync(helmBinary(), args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw new HelmError(`helm could not run: ${run.error.message}`);
  return { status: run.status ?? 1, stdout: run.stdout, stderr: run.stderr };
}

export interface RenderOptions {
  valuesFiles?: readonly string[];
  /** `--set` pairs, such as `gateway.replicas=3`. */
  set?: readonly string[];
  release?: string;
  namespace?: string;
}

function valueArgs(options: RenderOptions): string[] {
  return [...(options.valuesFiles ?? []).flatMap((f) => ['-f', f]), ...(options.set ?? []).flatMap((s) => ['--set', s])];
}

/** `helm template`: the rendered text, or the run that failed. */
export function templateChart(options: RenderOptions = {}): HelmRun {
  return helm(['template', options.release ?? 'mc', CHART_DIR, '--namespace', options.namespace ?? 'communes', '--kube-version', KUBE_VERSION, ...valueArgs(options)]);
}

/** The objects the chart renders with these values; throws with Helm's message when it refuses. */
export function renderChart(options: RenderOptions = {}): K8sObject[] {
  const run = templateChart(options);
  if (run.status !== 0) throw new HelmError(run.stderr.trim());
  return parseManifests(run.stdout);
}

export function lintChart(options: RenderOptions = {}): HelmRun {
  return helm(['lint', '--strict', CHART_DIR, '--kube-version', KUBE_VERSION, ...valueArgs(options)]);
}
