import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createEmbeddedApp } from '../src/index.js';

export const BASE_URL = 'https://communes.test';

/** The embedded app on the real dataset, built fresh into a temporary folder. */
export async function startApp(): Promise<{ app: NestFastifyApplication; get: (path: string) => request.Test }> {
  const app = await createEmbeddedApp({
    datasetDir: resolve(process.env.DATASET_DIR || '../shared/dataset/v1'),
    buildRoot: mkdtempSync(join(tmpdir(), 'mc-e2e-')),
    publicBaseUrl: BASE_URL,
    logLevel: 'silent',
  });
  const server = app.getHttpServer();
  return { app, get: (path: string) => request(server).get(path) };
}
