export { cellErrorText, convertCell, formatSheetDate, type CellError, type ExcelColumn } from './columns';
export { DEFAULT_MAX_INFLATED_BYTES, DEFAULT_MAX_ROWS, DEFAULT_MAX_SHARED_STRINGS, NOT_XLSX, readXlsxRows, readXlsxSheet, type ReadOptions, type SheetRow } from './reader';
export { DEFAULT_MAX_XLSX_BYTES, receiveXlsx, type UploadedXlsx } from './upload';
export { attachmentDisposition, exampleRow, pagesOf, templateResponse, writeXlsx, xlsxResponse, XLSX_TYPE, type WriteOptions } from './writer';
export { createImportGate, IMPORT_BUSY, importGate, type ImportGateLimits } from './gate';
