/**
 * Configuration of the cluster-mode apps: only environment variables, all checked at start;
 * every problem is collected and reported in one line (the entry point exits 1 with it).
 */
import { trimTrailing } from '../api-routes.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export class EnvReader {
  private readonly problems: string[] = [];

  constructor(private readonly env: NodeJS.ProcessEnv = process.env) {}

  string(name: string, fallback: string): string {
    return this.env[name] || fallback;
  }

  port(name: string, fallback: number): number {
    return this.integer(name, fallback, 0, 65535);
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) this.problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    return value;
  }

  logLevel(): string {
    const level = this.env.LOG_LEVEL || 'info';
    if (!LOG_LEVELS.includes(level)) this.problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${level}"`);
    return level;
  }

  /** One URL of the given schemes; undefined when unset and not required. */
  url(name: string, schemes: readonly string[], required: boolean): string | undefined {
    const raw = this.env[name];
    if (!raw) {
      if (required) this.problems.push(`${name} is required (${schemes.join(' or ')} URL)`);
      return undefined;
    }
    if (!this.isUrl(raw, schemes)) this.problems.push(`${name} must be a ${schemes.join(' or ')} URL, got "${raw}"`);
    return raw;
  }

  /** A comma-separated list of http(s) base URLs (replicas balanced by the client). */
  urlList(name: string): string[] {
    const raw = this.env[name];
    if (!raw) {
      this.problems.push(`${name} is required: the service's URL, or its replicas' URLs separated by commas`);
      return [];
    }
    const urls = raw.split(',').map((u) => u.trim()).filter((u) => u !== '');
    for (const url of urls) if (!this.isUrl(url, ['http', 'https'])) this.problems.push(`${name} must list http(s) URLs, got "${url}"`);
    if (urls.length === 0) this.problems.push(`${name} lists no URL`);
    return urls.map((u) => trimTrailing(u, '/'));
  }

  /** Throws one ConfigError naming every problem found. */
  done(): void {
    if (this.problems.length > 0) throw new ConfigError(`invalid configuration: ${this.problems.join('; ')}`);
  }

  private isUrl(raw: string, schemes: readonly string[]): boolean {
    try {
      return schemes.includes(new URL(raw).protocol.replace(/:$/, ''));
    } catch {
      return false;
    }
  }
}

/** Runs an entry point: any failure to start is one line on stderr and exit 1. */
export function runMain(name: string, main: () => Promise<void>): void {
  // Started by a supervisor over IPC (npm run stack): go when it goes, so no process is orphaned.
  if (process.send) process.on('disconnect', () => process.exit(0));
  main().catch((error: unknown) => {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
