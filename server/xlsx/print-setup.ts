// sheetjs-style (SheetJS CE 0.15) writes neither page setup nor frozen panes (measured on this machine): they are patched
// into the sheet's XML with the JSZip copy the package bundles, in the element order the OOXML schema wants
// (sheetPr first, sheetViews before sheetFormatPr and cols, pageSetup right after pageMargins).
import { createRequire } from 'node:module';

interface ZipFile {
  asText(): string;
}
interface Zip {
  file(name: string): ZipFile | null;
  file(name: string, data: string): Zip;
  generate(options: { type: 'nodebuffer'; compression: 'DEFLATE' }): Buffer;
}
type ZipConstructor = new (data: Buffer) => Zip;

const JSZip = createRequire(import.meta.url)('sheetjs-style/jszip.js') as ZipConstructor;

const SHEET = 'xl/worksheets/sheet1.xml';

/** Landscape letter, one page wide (as many tall as needed), the rows above `frozenRows` frozen on screen. */
export function applyPrintSetup(xlsx: Buffer, frozenRows: number): Buffer {
  const zip = new JSZip(xlsx);
  let xml = zip.file(SHEET)!.asText();
  const fitToPage = '<pageSetUpPr fitToPage="1"/>';
  xml = /<sheetPr[^>]*\/>/.test(xml)
    ? xml.replace(/<sheetPr([^>]*)\/>/, `<sheetPr$1>${fitToPage}</sheetPr>`)
    : /<sheetPr[^>]*>/.test(xml)
      ? xml.replace(/(<sheetPr[^>]*>)/, `$1${fitToPage}`)
      : xml.replace(/(<worksheet[^>]*>)/, `$1<sheetPr>${fitToPage}</sheetPr>`);
  const pane = `<pane ySplit="${frozenRows}" topLeftCell="A${frozenRows + 1}" activePane="bottomLeft" state="frozen"/>`;
  xml = xml.replace(
    /<sheetViews>[\s\S]*?<\/sheetViews>/,
    `<sheetViews><sheetView workbookViewId="0">${pane}<selection pane="bottomLeft"/></sheetView></sheetViews>`,
  );
  xml = xml.replace(
    /(<pageMargins[^>]*\/>)/,
    '$1<pageSetup paperSize="1" orientation="landscape" fitToWidth="1" fitToHeight="0"/>',
  );
  zip.file(SHEET, xml);
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
