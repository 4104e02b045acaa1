import { downloadFile } from '../../ui/download-file';

/** Fetches the sheet's .xlsx with the session's token and hands it to the browser as a download. */
export const downloadSheetFile = (sheet: { id: number; week: string }): Promise<void> =>
  downloadFile(`weekly-sheets/${sheet.id}/file`, `hoja-de-cobro-${sheet.week}.xlsx`);
