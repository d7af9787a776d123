// Abbreviations that keep their final period, so that "Sr. García" or "e.g. this" does not end a
// sentence. Written for this project (lower case, without the final period).

const SPANISH = [
  'sr', 'sra', 'srta', 'sres', 'dr', 'dra', 'drs', 'lic', 'ing', 'arq', 'prof', 'profa', 'ud', 'uds',
  'vd', 'vds', 'dn', 'dña', 'sto', 'sta', 'gral', 'cap', 'tte', 'excmo', 'excma', 'ilmo',
  'etc', 'pág', 'págs', 'pag', 'núm', 'nro', 'art', 'arts', 'cap', 'vol', 'vols', 'ed',
  'eds', 'fig', 'figs', 'tel', 'avda', 'av', 'cía', 'ej', 'pp', 'aprox', 'máx', 'mín',
  'min', 'seg', 'hrs', 'a.c', 'd.c', 'ee.uu', 'vs', 'cf', 'ca', 's.a', 'ltda', 'dpto', 'depto',
  'admón', 'adj', 'sust', 'apdo', 'atte', 'cód', 'coord', 'dcha', 'izq', 'izda', 'ene', 'feb',
  'abr', 'jun', 'jul', 'ago', 'sept', 'sep', 'oct', 'nov', 'dic', 'lun', 'mié', 'jue', 'vie', 'sáb',
  'dom', 'sig', 'sigs', 'op', 'cit', 'ibíd', 'íd', 'trad', 'resp', 'vid', 'ss',
];

const ENGLISH = [
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'ft', 'gen', 'gov', 'sen', 'rep', 'rev',
  'capt', 'col', 'lt', 'sgt', 'inc', 'ltd', 'co', 'corp', 'bros', 'vs', 'etc', 'e.g', 'i.e', 'cf',
  'al', 'approx', 'dept', 'fig', 'figs', 'nos', 'vol', 'vols', 'ed', 'eds', 'p', 'pp',
  'jan', 'feb', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'mon', 'tue',
  'tues', 'thu', 'thurs', 'fri', 'a.m', 'p.m', 'u.s', 'u.k', 'u.n', 'u.s.a',
  'ave', 'blvd', 'rd', 'hr', 'hrs', 'oz', 'lb', 'lbs', 'ca', 'esp', 'viz', 'op',
  'cit', 'ibid', 'abbr', 'eqs', 'sect',
];

export const ABBREVIATIONS: Readonly<Record<'es' | 'en', ReadonlySet<string>>> = {
  es: new Set(SPANISH),
  en: new Set(ENGLISH),
};
