import { apiDownload } from '../../session/api-client';

/** Fetches the sheet's .xlsx with the session's token and hands it to the browser as a download. */
export async function downloadSheetFile(sheet: { id: number; week: string }): Promise<void> {
  const { blob, fileName } = await apiDownload(`weekly-sheets/${sheet.id}/file`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? `hoja-de-cobro-${sheet.week}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
