// @ludoterm/formats: pure, streaming readers and writers of glossary files. No HTTP, no SQL.
// exceljs (XLSX) is imported lazily by its reader and writer, so loading the package stays light.
export { FormatError, FORMAT_ERROR_API_CODES, FORMAT_ERROR_CODES, isFormatError } from './errors.ts';
export type { FormatErrorCode, FormatErrorLocation } from './errors.ts';
export {
  blankEntry,
  cardFieldIds,
  getField,
  hasAnyTerm,
  setField,
  type EntrySource,
  type ExportEntry,
  type GlossaryLanguages,
  type GlossaryMeta,
} from './model.ts';
export { EntryStream, collectEntries, type ReadItem } from './entry-stream.ts';
export type { EntriesPass, HeaderPass, ImportPlan } from './import-plan.ts';
export { type ByteSource, type TextSource, formatBytes, iterateBytes, readAllText } from './text/byte-source.ts';
export { decodeText, decodeTextToString, type DecodedText, type DecodeTextOptions } from './text/decode-text.ts';
export { languageOfTag, matchLanguage } from './text/languages.ts';
export {
  assertFormatMatches,
  assertTextFormatMatches,
  isFormatCompatible,
  sniffFormat,
  sniffText,
  type SniffedFormat,
} from './sniff-format.ts';
export { suggestMapping, IGNORE } from './mapping/column-mapping.ts';
export { readImportFile, type ImportReading, type ReadImportOptions } from './read-import-file.ts';
export { readDelimited, detectDelimiter, type ReadDelimitedOptions } from './csv/read-delimited.ts';
export { readJson, type ReadJsonOptions } from './json/read-json.ts';
export { readTmx } from './tmx/read-tmx.ts';
export { readTbx } from './tbx/read-tbx.ts';
export { readXlsx, type ReadXlsxOptions } from './xlsx/read-xlsx.ts';
export { writeCsv, csvHeaders } from './csv/write-csv.ts';
export { writeTsv } from './csv/write-tsv.ts';
export { writeXlsx } from './xlsx/write-xlsx.ts';
export { formatTsvComment } from './csv/tsv-comment.ts';
export { writeJson, JSON_EXPORT_FORMAT, JSON_EXPORT_VERSION, type WriteJsonOptions } from './json/write-json.ts';
export { writeTmx, type WriteTmxOptions } from './tmx/write-tmx.ts';
export { writeTbx, TBX_LABELLED_FIELDS, type WriteTbxOptions } from './tbx/write-tbx.ts';
export { writePdf, type WritePdfOptions } from './pdf/write-pdf.ts';
export { sectionLetter } from './pdf/section-letter.ts';
export {
  exportContentType,
  exportFileName,
  writeExport,
  type WriteExportOptions,
} from './write-export.ts';
