/** exceljs takes ~0.6 s to load: the server starts without it and loads it on the first import or export. */
export const loadExcelJs = async () => (await import('exceljs')).default;
