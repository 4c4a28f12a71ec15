export { DocumentClientCard, type DocumentClientCardProps } from './ClientCard.tsx';
export { DocumentDetailDialog, type DocumentDetailDialogProps } from './DocumentDetailDialog.tsx';
export { DocumentFilterDialog, type DocumentFilterDialogProps } from './DocumentFilterDialog.tsx';
export {
  type ConfirmedAction,
  type DocumentFilter,
  DocumentListPage,
  type DocumentListPageProps,
} from './DocumentListPage.tsx';
export { DocumentPageHeader } from './DocumentPageHeader.tsx';
export {
  type DocumentFile,
  DocumentPdfDialog,
  type DocumentPdfDialogProps,
  INLINE_PDF_MAX_BASE64,
} from './DocumentPdfDialog.tsx';
export { CompanyBranchDateFields, type CompanyBranchDates, datesInverted } from './FilterFields.tsx';
export { type LineColumn, LinesCard, type LinesCardProps } from './LinesCard.tsx';
export { type RowAction, RowActions } from './RowActions.tsx';
export { SectionCard } from './SectionCard.tsx';
export { saveJson } from './saveJson.ts';
export { type TotalRow, type TotalSection, TotalsCard, type TotalsCardProps } from './TotalsCard.tsx';
export { waitForPdf } from './waitForPdf.ts';
