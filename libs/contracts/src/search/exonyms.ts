/**
 * Alternate names people still use (reference-behaviour §4.6): colonial and foreign exonyms
 * and Latin spellings of Arabic names. Matched on the whole folded query. The ETL fails when
 * a target code names no unit or an exonym is already the name of a real unit. "Anfa" is
 * deliberately absent: an arrondissement of Casablanca bears that name.
 */
export interface Exonym {
  name: string;
  code: string;
  origin: string;
}

export const EXONYMS: readonly Exonym[] = [
  { name: 'Fez', code: '03.231.01.0', origin: 'English and French exonym of Fès' },
  { name: 'Alhucemas', code: '01.051.01.01', origin: 'Spanish name of Al Hoceima' },
  { name: 'Mogador', code: '07.211.01.05', origin: 'European name of Essaouira until 1956' },
  { name: 'Mazagan', code: '06.181.01.03', origin: 'Portuguese name of El Jadida' },
  { name: 'Mazagão', code: '06.181.01.03', origin: 'Portuguese name of El Jadida' },
  { name: 'Alcazarquivir', code: '01.331.01.01', origin: 'Spanish name of Ksar El Kebir' },
  { name: 'Xauen', code: '01.151.01.01', origin: 'Spanish name of Chefchaouen' },
  { name: 'El Aaiun', code: '11.321.01.03', origin: 'Spanish name of Laâyoune' },
  { name: 'Aaiun', code: '11.321.01.03', origin: 'Spanish name of Laâyoune' },
  { name: 'Villa Cisneros', code: '12.391.01.01', origin: 'Spanish name of Dakhla until 1975' },
  { name: 'Dar el Beida', code: '06.141.01.0', origin: 'Arabic name of Casablanca in Latin script' },
  { name: 'Tanja', code: '01.511.01.0', origin: 'Arabic name of Tanger in Latin script' },
  { name: 'Fedala', code: '06.371.01.01', origin: 'name of Mohammadia until 1960' },
  { name: 'Port Lyautey', code: '04.281.01.01', origin: 'name of Kénitra until 1956' },
  { name: 'Petitjean', code: '04.481.01.11', origin: 'name of Sidi Kacem until 1956' },
  { name: 'Mequinez', code: '03.061.01.01', origin: 'Spanish name of Meknès' },
  { name: 'Arzila', code: '01.511.01.01', origin: 'Spanish and Portuguese name of Assilah' },
  { name: 'Arcila', code: '01.511.01.01', origin: 'Spanish name of Assilah' },
];
