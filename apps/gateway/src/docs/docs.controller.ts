/**
 * The page problem `type` links point to (`<base>/docs/api/#<kind>`): RFC 9457 asks that a
 * type URI, when dereferenced, explain the problem to a person.
 */
import { Controller, Get, Header } from '@nestjs/common';
import { PROBLEM_KINDS } from '@mc/contracts';

const EXPLANATIONS: Record<string, string> = {
  'not-found': 'The identifier is well formed but names nothing, the page is past the last, the unit has no such figures, or the path is not a route. Trying another spelling of the same identifier will not help.',
  'invalid-code': 'The identifier cannot be read as a code (dotted, 9 digits, or digits without leading zeros) or as a slug.',
  'invalid-query': 'A query parameter is missing, out of range, given twice, or cannot go with another one. The detail names the parameter and its rule.',
  'method-not-allowed': 'The service is read-only: it answers GET and HEAD (and OPTIONS for browsers).',
  'internal-error': 'The server failed to answer; the failure was logged.',
  unavailable: 'The service is not ready to answer yet.',
  'not-implemented': 'The route exists in the interface but this build does not serve it.',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function problemsPage(): string {
  const sections = Object.entries(PROBLEM_KINDS)
    .map(([kind, { status, title }]) => `<section id="${kind}"><h2>${status} ${escape(title)} <code>${kind}</code></h2><p>${escape(EXPLANATIONS[kind] ?? '')}</p></section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Morocco communes API: problems</title></head>
<body><h1>Morocco communes API</h1>
<p>Errors are RFC 9457 problem documents (<code>application/problem+json</code>) whose <code>type</code> links here. The routes are described in <a href="/api/openapi.json">/api/openapi.json</a>.</p>
${sections}
</body></html>
`;
}

@Controller()
export class DocsController {
  private readonly page = problemsPage();

  /** Also answers /docs/api/ (trailing slashes are ignored by the router). */
  @Get('docs/api')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=3600')
  problems(): string {
    return this.page;
  }
}
