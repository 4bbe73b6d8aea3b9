// Load and measurement helpers of `npm run bench`: autocannon runs, a process's CPU time and
// resident memory from /proc, medians.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU time of a process, in milliseconds. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

export function rssMiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One autocannon run of `seconds` on one route; `pid` is the process whose CPU is counted. */
export async function loadOnce(base, route, seconds, pid) {
  // The count goes on from run to run: a URL of an earlier run would find its answer kept.
  route.asked ??= 0;
  const requests = route.vary ? [{ setupRequest: (req) => ({ ...req, path: route.vary(route.asked++) }) }] : undefined;
  const cpu0 = cpuMs(pid);
  const result = await new Promise((done, fail) => {
    const instance = autocannon(
      { url: `${base}${route.path}`, connections: 10, duration: seconds, headers: { 'accept-encoding': 'br' }, requests },
      (err, res) => (err ? fail(err) : done(res)),
    );
    setTimeout(() => instance.stop(), (seconds + 20) * 1000).unref();
  });
  const cpu = cpuMs(pid) - cpu0;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuMsPerRequest: result.requests.total ? cpu / result.requests.total : NaN };
}
