/**
 * `npm run fuzz -- --url http://localhost:3000 [--seed N] [--count N] [--concurrency N]`:
 * hostile requests against a running service; exit 1 on any broken promise (run.ts).
 */
import { fuzz } from './run.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
};
const url = option('url', 'http://127.0.0.1:3000');
const seed = Number(option('seed', '1'));
const count = Number(option('count', '10000'));
const concurrency = Number(option('concurrency', '4'));
if (![seed, count, concurrency].every(Number.isInteger) || count < 1 || concurrency < 1) {
  console.error('fuzz: --seed, --count and --concurrency take whole numbers (count and concurrency at least 1)');
  process.exit(1);
}
const started = performance.now();
const report = await fuzz({ url, seed, count, concurrency }).catch((error: Error) => {
  console.error(`fuzz: ${error.message}`);
  process.exit(1);
});
const seconds = (performance.now() - started) / 1000;
console.log(`fuzz: ${report.sent} requests to ${url}, seed ${seed}, in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(report.statuses)}; slowest ${report.slowestMs.toFixed(0)} ms`);
for (const failure of report.failures) console.log(`fuzz: FAIL ${failure}`);
process.exit(report.failures.length === 0 ? 0 : 1);
