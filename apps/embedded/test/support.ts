import { DATASET_DIR, testBuildRoot } from '@mc/test-support';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import request from 'supertest';
import { createEmbeddedApp } from '../src/index.js';

export const BASE_URL = 'https://communes.test';

/** The embedded app on the real dataset's build of this test run. */
export async function startApp(options: { publicBaseUrl?: string | null; metricsPort?: number } = {}): Promise<{ app: NestFastifyApplication; get: (path: string) => request.Test }> {
  const app = await createEmbeddedApp({
    datasetDir: DATASET_DIR,
    buildRoot: testBuildRoot(),
    publicBaseUrl: options.publicBaseUrl === null ? undefined : (options.publicBaseUrl ?? BASE_URL),
    metricsPort: options.metricsPort,
    logLevel: 'silent',
  });
  const server = app.getHttpServer();
  return { app, get: (path: string) => request(server).get(path) };
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
}

/** Asserts a problem document (RFC 9457) of the contract's shape, and returns it. */
export async function expectProblem(get: (path: string) => request.Test, path: string, status: number, kind: string, detail?: RegExp): Promise<Problem> {
  const res = await get(path);
  assert.equal(res.status, status, `${path}: ${res.text}`);
  assert.match(res.headers['content-type']!, /^application\/problem\+json/, path);
  assert.equal(res.headers['access-control-allow-origin'], '*', path);
  assert.equal(res.body.type, `${BASE_URL}/docs/api/#${kind}`, path);
  assert.equal(res.body.status, status, path);
  assert.equal(typeof res.body.title, 'string', path);
  assert.equal(res.body.instance, path, path);
  assert.ok(res.body.detail.length > 0, path);
  if (detail) assert.match(res.body.detail, detail, path);
  return res.body as Problem;
}

/**
 * Starts the app before the file's tests and closes it after them. Returns lazy accessors,
 * since the app exists only once `before` has run.
 */
export function useApp() {
  let started: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    started = await startApp();
  });
  after(() => started.app.close());
  const get = (path: string) => started.get(path);
  return {
    get,
    app: () => started.app,
    expectProblem: (path: string, status: number, kind: string, detail?: RegExp) => expectProblem(get, path, status, kind, detail),
  };
}
