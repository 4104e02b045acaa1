// Several tables in one .xlsx, one sheet each (the account export, server/accounts/export.ts): the typed cells of
// a report's table (table-workbook.ts `tableCell`: money as numbers with the MXN format, dates as dates) under a
// frozen header row with filters, and optionally a title block above it.
//
// Written here rather than by sheetjs-style: that library builds every cell object and then the whole file in
// one synchronous call, which for an account of 10,000 loans (~330,000 rows) took over a minute with the event
// loop held the whole time (tests/bench/account-export.bench.ts). This writer makes the sheet XML a thousand rows
// at a time, lets other requests run between them, and compresses with zlib off the main thread. The file is
// the minimal SpreadsheetML package (workbook, styles, one XML per sheet, inline strings) that Excel,
// LibreOffice and sheetjs read.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import zlib from 'node:zlib';
import {
  type CellValue,
  DATE_FORMAT,
  DATETIME_FORMAT,
  MONEY_FORMAT,
  PERCENT_FORMAT,
  type TableColumn,
  tableCell,
} from './table-workbook';

export interface WorkbookSheet {
  /** Tab name (≤ 31 characters, no []:*?/\). */
  sheetName: string;
  /** A bold title and lines under it, above the header (a cover sheet); without them the header is row 1. */
  title?: string;
  lines?: readonly string[];
  columns: readonly TableColumn[];
  /** How many rows, and the values of row `index` (asked for once each, in order: nothing is copied first). */
  rowCount: number;
  row: (index: number) => readonly CellValue[];
  /** Thin borders on the data cells (a short sheet meant to be read, like a cover). */
  bordered?: boolean;
}

/** A sheet over rows that are already arrays of values. */
export const rowsSheet = (
  sheet: Omit<WorkbookSheet, 'rowCount' | 'row'> & { rows: readonly (readonly CellValue[])[] },
): WorkbookSheet => {
  const { rows, ...rest } = sheet;
  return { ...rest, rowCount: rows.length, row: (i) => rows[i]! };
};

/** The most rows a sheet holds; a longer table goes on in 'Name (2)', 'Name (3)'… */
export const MAX_SHEET_ROWS = 1_048_576;

/** Rows written between two turns of the event loop. */
const ROWS_PER_TURN = 1_000;

// Styles (cellXfs) by number format; the bordered ones follow at +BORDERED, then the header and the title.
const NUMBER_FORMATS = [MONEY_FORMAT, DATE_FORMAT, DATETIME_FORMAT, PERCENT_FORMAT];
const BORDERED = NUMBER_FORMATS.length + 1;
const HEADER_STYLE = BORDERED * 2;
const TITLE_STYLE = HEADER_STYLE + 1;
const styleOfFormat = new Map<string | undefined, number>([
  [undefined, 0],
  ...NUMBER_FORMATS.map((f, i): [string, number] => [f, i + 1]),
]);

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 does not allow (control characters other than tab and line breaks).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is being removed.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (text: string) =>
  text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** 'A', 'B', … 'Z', 'AA': the letters of column `index` (0-based). */
const columnName = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : columnName(Math.floor(index / 26) - 1) + columnName(index % 26);

function styles(): string {
  const numFmts = NUMBER_FORMATS.map(
    (f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(f)}"/>`,
  );
  const xf = (numFmt: number, border: number) =>
    `<xf numFmtId="${numFmt}" fontId="0" fillId="0" borderId="${border}" xfId="0"` +
    `${numFmt ? ' applyNumberFormat="1"' : ''}${border ? ' applyBorder="1"' : ''}/>`;
  const plain = [0, ...NUMBER_FORMATS.map((_, i) => 164 + i)];
  const cellXfs = [
    ...plain.map((n) => xf(n, 0)),
    ...plain.map((n) => xf(n, 1)),
    '<xf numFmtId="0" fontId="1" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1"' +
      ' applyAlignment="1"><alignment horizontal="center" vertical="center" wrapText="1"/></xf>',
    '<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
  ];
  const thin = '<color rgb="FF9CA3AF"/>';
  return (
    `${XML_HEAD}<styleSheet xmlns="${NS}">` +
    `<numFmts count="${numFmts.length}">${numFmts.join('')}</numFmts>` +
    '<fonts count="3"><font><sz val="10"/><name val="Arial"/></font>' +
    '<font><b/><sz val="10"/><name val="Arial"/></font><font><b/><sz val="14"/><name val="Arial"/></font></fonts>' +
    '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
    '<fill><patternFill patternType="solid"><fgColor rgb="FFD1FAE5"/><bgColor indexed="64"/></patternFill></fill></fills>' +
    '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>' +
    `<border><left style="thin">${thin}</left><right style="thin">${thin}</right><top style="thin">${thin}</top>` +
    `<bottom style="thin">${thin}</bottom><diagonal/></border></borders>` +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${cellXfs.length}">${cellXfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

const inlineString = (ref: string, style: number, text: string) => {
  const escaped = escapeXml(text);
  const space = /^\s|\s$/.test(escaped) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" s="${style}" t="inlineStr"><is><t${space}>${escaped}</t></is></c>`;
};

/** One part of a table: a sheet of the workbook, with the rows [from, to) of its table. */
interface Part {
  sheet: WorkbookSheet;
  name: string;
  from: number;
  to: number;
}

/** The sheets a table takes: its rows cut at the sheet limit, the later parts named 'Name (2)'… */
function partsOf(sheet: WorkbookSheet, maxRows: number): Part[] {
  const above = sheet.title === undefined ? 0 : (sheet.lines?.length ?? 0) + 2;
  const room = Math.max(1, maxRows - above - 1);
  if (sheet.rowCount <= room) return [{ sheet, name: sheet.sheetName, from: 0, to: sheet.rowCount }];
  const parts: Part[] = [];
  for (let from = 0, n = 1; from < sheet.rowCount; from += room, n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const name = sheet.sheetName.slice(0, 31 - suffix.length) + suffix;
    parts.push({ sheet, name, from, to: Math.min(from + room, sheet.rowCount) });
  }
  return parts;
}

/** A sheet's XML, a thousand rows per piece, with a turn of the event loop between pieces. */
async function* sheetXml(part: Part, index: number): AsyncGenerator<string> {
  const { sheet } = part;
  const letters = sheet.columns.map((_, i) => columnName(i));
  const last = letters[letters.length - 1] ?? 'A';
  const header = sheet.title === undefined ? 1 : (sheet.lines?.length ?? 0) + 3;
  const lastRow = header + (part.to - part.from);
  const selected = index === 0 ? ' tabSelected="1"' : '';
  const cols = sheet.columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width + 0.7}" customWidth="1"/>`)
    .join('');
  let xml =
    `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><dimension ref="A1:${last}${lastRow}"/>` +
    `<sheetViews><sheetView workbookViewId="0"${selected}>` +
    `<pane ySplit="${header}" topLeftCell="A${header + 1}" activePane="bottomLeft" state="frozen"/>` +
    '<selection pane="bottomLeft"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="13"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`;
  if (sheet.title !== undefined) {
    xml += `<row r="1"><c r="A1" s="${TITLE_STYLE}" t="inlineStr"><is><t>${escapeXml(sheet.title)}</t></is></c></row>`;
    (sheet.lines ?? []).forEach((line, i) => {
      xml += `<row r="${i + 2}">${inlineString(`A${i + 2}`, 0, line)}</row>`;
    });
  }
  xml += `<row r="${header}">${sheet.columns.map((c, i) => inlineString(`${letters[i]}${header}`, HEADER_STYLE, c.header)).join('')}</row>`;
  const border = sheet.bordered ? BORDERED : 0;
  let r = header;
  for (let i = part.from; i < part.to; i++) {
    r++;
    const values = sheet.row(i);
    let cells = '';
    for (let c = 0; c < sheet.columns.length; c++) {
      const value = values[c] ?? null;
      if (value === null || value === '') {
        if (border) cells += `<c r="${letters[c]}${r}" s="${border}"/>`;
        continue;
      }
      const cell = tableCell(sheet.columns[c]!.kind, value, null);
      const style = (styleOfFormat.get(cell.z === undefined ? undefined : String(cell.z)) ?? 0) + border;
      cells +=
        cell.t === 'n'
          ? `<c r="${letters[c]}${r}" s="${style}"><v>${cell.v}</v></c>`
          : inlineString(`${letters[c]}${r}`, style, String(cell.v));
    }
    xml += `<row r="${r}">${cells}</row>`;
    if ((i - part.from + 1) % ROWS_PER_TURN === 0) {
      yield xml;
      xml = '';
      await nextTurn();
    }
  }
  yield `${xml}</sheetData><autoFilter ref="A${header}:${last}${lastRow}"/>` +
    '<pageMargins left="0.3" right="0.3" top="0.4" bottom="0.4" header="0.2" footer="0.2"/></worksheet>';
}

function workbookXml(parts: readonly Part[]): string {
  const quoted = (name: string) => `'${name.replace(/'/g, "''")}'`;
  const sheets = parts.map(
    (p, i) => `<sheet name="${escapeXml(p.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
  );
  const filters = parts.map((p, i) => {
    const header = p.sheet.title === undefined ? 1 : (p.sheet.lines?.length ?? 0) + 3;
    const last = columnName(Math.max(p.sheet.columns.length, 1) - 1);
    const ref = `${quoted(p.name)}!$A$${header}:$${last}$${header + p.to - p.from}`;
    return `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${escapeXml(ref)}</definedName>`;
  });
  return (
    `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><bookViews><workbookView activeTab="0"/></bookViews>` +
    `<sheets>${sheets.join('')}</sheets><definedNames>${filters.join('')}</definedNames></workbook>`
  );
}

function packageFiles(parts: readonly Part[]): [string, string][] {
  const sheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
  const overrides = parts.map(
    (_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${sheetType}"/>`,
  );
  const rels = parts.map(
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  );
  const relNs = 'http://schemas.openxmlformats.org/package/2006/relationships';
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        `${overrides.join('')}</Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${relNs}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    ['xl/workbook.xml', workbookXml(parts)],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${relNs}">${rels.join('')}` +
        `<Relationship Id="rId${parts.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', styles()],
  ];
}

// --- The zip container (PKWARE APPNOTE: local headers, deflated data, central directory; no zip64, which a
// file under 4 GB does not need).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** zlib's CRC-32 (Node ≥ 20.15), or the same computed here. */
const crc32: (data: Buffer, value: number) => number =
  (zlib as { crc32?: (data: Buffer, value?: number) => number }).crc32 ??
  ((data, value) => {
    let c = ~value >>> 0;
    for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return ~c >>> 0;
  });

interface ZipEntry {
  name: Buffer;
  crc: number;
  size: number;
  compressed: Buffer[];
  compressedSize: number;
}

/** Deflates text pieces as they come (zlib works on its own thread), with their CRC and sizes. */
async function deflateEntry(
  name: string,
  pieces: AsyncIterable<string> | Iterable<string>,
): Promise<ZipEntry> {
  let crc = 0;
  let size = 0;
  const compressed: Buffer[] = [];
  await pipeline(
    Readable.from(
      (async function* () {
        for await (const piece of pieces) {
          const bytes = Buffer.from(piece, 'utf8');
          crc = crc32(bytes, crc);
          size += bytes.length;
          yield bytes;
        }
      })(),
    ),
    zlib.createDeflateRaw({ level: 6 }),
    async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) compressed.push(chunk);
    },
  );
  const compressedSize = compressed.reduce((n, b) => n + b.length, 0);
  return { name: Buffer.from(name, 'utf8'), crc, size, compressed, compressedSize };
}

function zipFile(entries: readonly ZipEntry[], when = new Date()): Buffer {
  // MS-DOS time and date of the entries (local time of the server; only a file manager shows them).
  const time = (when.getHours() << 11) | (when.getMinutes() << 5) | (when.getSeconds() >> 1);
  const date = ((when.getFullYear() - 1980) << 9) | ((when.getMonth() + 1) << 5) | when.getDate();
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.compressedSize, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(e.name.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(e.crc, 16);
    header.writeUInt32LE(e.compressedSize, 20);
    header.writeUInt32LE(e.size, 24);
    header.writeUInt16LE(e.name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, e.name);
    out.push(local, e.name, ...e.compressed);
    offset += 30 + e.name.length + e.compressedSize;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, ...central, end]);
}

/** The sheets, in order, as one .xlsx; the first is the one shown on opening. */
export async function buildMultiSheetWorkbook(
  sheets: readonly WorkbookSheet[],
  maxRows: number = MAX_SHEET_ROWS,
): Promise<Buffer> {
  const parts = sheets.flatMap((s) => partsOf(s, maxRows));
  const entries: ZipEntry[] = [];
  for (const [name, text] of packageFiles(parts)) entries.push(await deflateEntry(name, [text]));
  for (const [i, part] of parts.entries())
    entries.push(await deflateEntry(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(part, i)));
  return zipFile(entries);
}
