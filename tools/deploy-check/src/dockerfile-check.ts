/**
 * What the Dockerfile must keep, read from its text (no engine runs here to build it): base
 * images pinned to an exact tag, a target per image the chart deploys, a non-root user, no
 * HEALTHCHECK (probes do that).
 */
import { readFileSync } from 'node:fs';

export interface DockerfileFacts {
  /** Build arguments declared before the first FROM, with their defaults. */
  args: Record<string, string>;
  stages: { name?: string; from: string; lines: string[] }[];
}

export function readDockerfile(text: string): DockerfileFacts {
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  const facts: DockerfileFacts = { args: {}, stages: [] };
  for (const line of lines) {
    const [instruction = '', ...rest] = line.split(/\s+/);
    const upper = instruction.toUpperCase();
    if (upper === 'FROM') {
      const from = rest.filter((word) => !word.startsWith('--'));
      facts.stages.push({ from: from[0]!, name: from[1]?.toUpperCase() === 'AS' ? from[2] : undefined, lines: [] });
    } else if (facts.stages.length === 0 && upper === 'ARG') {
      const [name, value = ''] = rest.join(' ').split('=');
      facts.args[name!] = value;
    } else facts.stages.at(-1)?.lines.push(line);
  }
  return facts;
}

/** The image a stage starts from, build arguments replaced by their defaults. */
function baseOf(facts: DockerfileFacts, from: string): string {
  return from.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name: string) => facts.args[name] ?? '');
}

export function dockerfileProblems(facts: DockerfileFacts, targets: readonly string[]): string[] {
  const problems: string[] = [];
  const stageNames = new Set(facts.stages.map((s) => s.name));
  for (const stage of facts.stages) {
    if (stageNames.has(stage.from)) continue; // built on an earlier stage
    const image = baseOf(facts, stage.from);
    if (!/:[A-Za-z0-9._-]*\d[A-Za-z0-9._-]*$/.test(image) && !image.includes('@sha256:')) problems.push(`stage ${stage.name ?? stage.from}: base image ${image} is not pinned to an exact tag`);
  }
  for (const target of targets) {
    if (!stageNames.has(target)) problems.push(`no target ${target}`);
    else {
      // The user a target runs as is the last USER of its chain of stages.
      let stage = facts.stages.find((s) => s.name === target);
      let user: string | undefined;
      while (stage && user === undefined) {
        user = stage.lines.filter((l) => /^USER\s/i.test(l)).at(-1)?.split(/\s+/)[1];
        stage = facts.stages.find((s) => s.name === stage!.from);
      }
      if (!user || /^(root|0)(:|$)/.test(user)) problems.push(`target ${target} runs as ${user ?? 'root (no USER)'}`);
    }
  }
  if (facts.stages.some((s) => s.lines.some((l) => /^HEALTHCHECK\s/i.test(l)))) problems.push('HEALTHCHECK is set: the orchestrator probes /healthz and /readyz');
  return problems;
}

export function readDockerfileAt(path = 'Dockerfile'): DockerfileFacts {
  return readDockerfile(readFileSync(path, 'utf8'));
}
