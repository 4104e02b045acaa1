import { apiDownload } from '../session/api-client';
import type { Query } from '../session/http';
import { apiUrl } from '../session/http';

/** Fetches a file behind the session's token (an .xlsx) and hands it to the browser as a download. */
export async function downloadFile(path: string, fallbackName: string, query?: Query): Promise<void> {
  const target = query ? apiUrl(path, query).replace(/^\/api\//, '') : path;
  const { blob, fileName } = await apiDownload(target);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
