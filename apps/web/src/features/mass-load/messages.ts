import { MASS_LOAD_MESSAGES as M } from '@sigece/fiscal';

/** English for the mass load's messages (spec 000 §5, §8; spec 001 §5.8, §8.7). */
export const massLoadMessages: Record<string, string> = {
  [M.onlyXlsx]: 'Only .xlsx spreadsheet files are accepted',
  [M.tooLarge]: 'The file is larger than 10 MB',
  [M.notSpreadsheet]: 'The file is not a valid .xlsx spreadsheet',
  [M.noFile]: 'Choose a file',
  [M.chooseType]: 'Choose the file type',
  [M.uploaded]: 'File uploaded',
  [M.processing]: 'Processing documents. Please do not close the window or cancel this operation',
  [M.busy]: 'A load is already being processed for this company',
  [M.empty]: 'The file has no documents',
};
