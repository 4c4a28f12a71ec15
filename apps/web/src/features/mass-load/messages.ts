import { MASS_LOAD_MESSAGES as M } from '@sigece/fiscal';

/** English for the mass load's messages (spec 000 §5, §8; spec 001 §5.8, §8.7). */
export const massLoadMessages: Record<string, string> = {
  [M.onlyXlsx]: 'Only .xls and .xlsx spreadsheet files are accepted',
  [M.accepted]: '.xlsx and .xls (Excel 97-2003) spreadsheets of up to 10 MB are accepted',
  [M.notesDone]: 'Notes uploaded and processed',
  [M.notesFailed]: 'Error loading notes: ',
  [M.uploadFailed]: 'Error uploading the file: ',
  [M.tooLarge]: 'The file is larger than 10 MB',
  [M.notSpreadsheet]: 'The file is not a valid .xlsx or .xls spreadsheet',
  [M.noFile]: 'Choose a file',
  [M.chooseType]: 'Choose the file type',
  [M.uploaded]: 'File uploaded',
  [M.processing]: 'Processing documents. Please do not close the window or cancel this operation',
  [M.busy]: 'A load is already being processed for this company',
  [M.empty]: 'The file has no documents',
};
