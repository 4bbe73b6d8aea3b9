/**
 * What the built dataset covers: how many units of each level have a record of each figure
 * family, and which catalogue topics the source files did not publish. The ETL prints it,
 * writes it into the build (coverage.json), and the README's coverage section is generated
 * from it (`npm run readme:coverage`), so the README cannot drift from the data.
 */
export const COVERAGE_LEVELS = ['country', 'region', 'province', 'cercle', 'commune', 'arrondissement'] as const;
export const COVERAGE_FAMILIES = ['indicators', 'indicators2014', 'economy', 'housing'] as const;
export type CoverageLevel = (typeof COVERAGE_LEVELS)[number];
export type CoverageFamily = (typeof COVERAGE_FAMILIES)[number];

export interface Coverage {
  datasetVersion: string;
  units: Record<CoverageLevel, number>;
  /** Units with a record, by family and level. */
  records: Record<CoverageFamily, Record<CoverageLevel, number>>;
  /** Records whose source lacks a catalogue topic, by census year and topic. */
  missingTopics: Record<'2024' | '2014', Record<string, number>>;
}

const FAMILY_LABEL: Record<CoverageFamily, string> = {
  indicators: 'census 2024',
  indicators2014: 'census 2014',
  economy: 'establishments 2024',
  housing: 'urban housing 2024',
};
const LEVEL_LABEL: Record<CoverageLevel, string> = {
  country: 'country',
  region: 'régions',
  province: 'provinces',
  cercle: 'cercles',
  commune: 'communes',
  arrondissement: 'arrondissements',
};

export function emptyCoverage(datasetVersion: string, units: Record<CoverageLevel, number>): Coverage {
  const zero = () => Object.fromEntries(COVERAGE_LEVELS.map((l) => [l, 0])) as Record<CoverageLevel, number>;
  return {
    datasetVersion,
    units,
    records: Object.fromEntries(COVERAGE_FAMILIES.map((f) => [f, zero()])) as Coverage['records'],
    missingTopics: { '2024': {}, '2014': {} },
  };
}

const cell = (have: number, of: number) => (have === of ? `${of.toLocaleString('en')}` : `${have.toLocaleString('en')} of ${of.toLocaleString('en')}`);

/** The coverage as a Markdown table (one row per family, one column per level) and notes. */
export function formatCoverage(coverage: Coverage): string[] {
  const lines = [
    `| Figures | ${COVERAGE_LEVELS.map((l) => LEVEL_LABEL[l]).join(' | ')} |`,
    `|---|${COVERAGE_LEVELS.map(() => '---:').join('|')}|`,
  ];
  for (const family of COVERAGE_FAMILIES) {
    lines.push(`| ${FAMILY_LABEL[family]} | ${COVERAGE_LEVELS.map((l) => cell(coverage.records[family][l], coverage.units[l])).join(' | ')} |`);
  }
  for (const year of ['2024', '2014'] as const) {
    const topics = Object.entries(coverage.missingTopics[year]).sort(([a], [b]) => a.localeCompare(b));
    if (topics.length === 0) continue;
    const counts = [...new Set(topics.map(([, n]) => n))];
    const list = topics.map(([t]) => `\`${t}\``).join(', ');
    lines.push(
      '',
      counts.length === 1
        ? `${counts[0]!.toLocaleString('en')} census ${year} records come from a source file without ${list}; they carry \`missingTopics\` and those topics are absent, not zero.`
        : `Census ${year} records from source files without some topics (\`missingTopics\`): ${topics.map(([t, n]) => `\`${t}\` ${n.toLocaleString('en')}`).join(', ')}.`,
    );
  }
  return lines;
}
