// What a response shows: its text (a workbook's cells as text), and the checks every answer must pass.
import XLSX from 'sheetjs-style';
import { isErrorBody } from '../../../shared/errors';

const XLSX_TYPE = 'spreadsheetml';

/** The body as text; a workbook is read and each sheet given as CSV, so its cells can be searched. */
export async function responseText(res: Response): Promise<{ text: string; binary: boolean }> {
  if ((res.headers.get('Content-Type') ?? '').includes(XLSX_TYPE)) {
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' });
    return {
      text: book.SheetNames.map((name) => XLSX.utils.sheet_to_csv(book.Sheets[name]!)).join('\n'),
      binary: true,
    };
  }
  // A stream of server-sent events stays open: its first event is what it shows.
  if ((res.headers.get('Content-Type') ?? '').includes('text/event-stream')) {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    await reader.cancel().catch(() => {});
    return { text, binary: false };
  }
  return { text: await res.text(), binary: false };
}

/** A stack frame, a module path, the driver's or the database's own words, a JavaScript error's name. */
export const INTERNALS =
  /at \w+ \(|at file:|node_modules|postgres|syntax error|TypeError|RangeError|ReferenceError|SyntaxError|\.ts:\d+|\.js:\d+|relation "|violates|duplicate key|PostgresError|ECONN/i;

/** Library defaults a Spanish user must never read (valibot's, Hono's). */
const ENGLISH =
  /Invalid (type|key|length|value|format)|Expected |but received|Malformed|Unexpected token|Bad Request|Not Found|Internal Server Error|Unauthorized|Payload Too Large/;

/** What is wrong with an answer (status, shape, leaks), or null. */
export function answerProblem(status: number, text: string, binary: boolean): string | null {
  if (status >= 500) return `status ${status}`;
  if (!binary && INTERNALS.test(text)) return `detalles internos: ${text.match(INTERNALS)![0]}`;
  if (status < 400) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'error sin cuerpo JSON';
  }
  if (!isErrorBody(body)) return 'error sin { error, code }';
  const messages = [body.error, ...Object.values(body.details ?? {})];
  const english = messages.find((message) => ENGLISH.test(message));
  if (english) return `mensaje en inglés: ${english}`;
  return null;
}

export const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);
