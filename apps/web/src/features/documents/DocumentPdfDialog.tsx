import './i18n.ts';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENTS_NS } from './i18n.ts';

/** Spec 002 §9: inline viewing only below this base64 length; larger PDFs are offered as a download. */
export const INLINE_PDF_MAX_BASE64 = 2_097_152;

/** What the PDF dialog shows of one document; a family builds it from its row. */
export interface DocumentFile {
  /** Query key prefix of this document (the PDF and JSON are cached under it). */
  queryKey: readonly unknown[];
  /** Dialog title, e.g. 'Factura N° 00000012'. */
  title: string;
  /** Download name of the PDF, e.g. 'Factura_00000012.pdf'. */
  fileName: string;
  /** The signed PDF as base64. */
  loadPdf: (signal?: AbortSignal) => Promise<string>;
  /** The SENIAT JSON of the document (shown next to the PDF when the dialog opens `withJson`). */
  loadJson?: (signal?: AbortSignal) => Promise<unknown>;
  /** Downloads that JSON as a file. */
  downloadJson?: () => Promise<void>;
}

export interface DocumentPdfDialogProps {
  file: DocumentFile;
  /** The tax-authority consult: the JSON next to the PDF, and its download. */
  withJson?: boolean;
  /** Title of the JSON consult (default: the file's title). */
  jsonTitle?: string;
  onClose: () => void;
}

function pdfBlob(base64: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'application/pdf' });
}

/**
 * A document's signed PDF in a dialog (inline viewer, download); with `withJson`, the SENIAT consult:
 * the document's JSON next to the PDF, and its download.
 */
export function DocumentPdfDialog({ file, withJson = false, jsonTitle, onClose }: DocumentPdfDialogProps) {
  const { t } = useTranslation(DOCUMENTS_NS);
  const titleId = useId();
  const encoded = useQuery({
    queryKey: [...file.queryKey, 'pdf'],
    queryFn: ({ signal }) => file.loadPdf(signal),
    staleTime: 60_000,
  });
  const json = useQuery({
    queryKey: [...file.queryKey, 'json'],
    queryFn: ({ signal }) => (file.loadJson ? file.loadJson(signal) : null),
    enabled: withJson && Boolean(file.loadJson),
  });
  const download = useMutation({ mutationFn: () => file.downloadJson?.() ?? Promise.resolve() });

  const base64 = encoded.data;
  const url = useMemo(() => (base64 ? URL.createObjectURL(pdfBlob(base64)) : null), [base64]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const inline = base64 !== undefined && base64.length < INLINE_PDF_MAX_BASE64;

  const pdfPane = (
    <Box sx={{ flex: 1, minWidth: 0, minHeight: { xs: 360, md: '70vh' }, display: 'flex' }}>
      {encoded.isPending && (
        <Box sx={{ m: 'auto' }}>
          <CircularProgress aria-label={t('app:loading')} />
        </Box>
      )}
      {encoded.isError && (
        <Typography color="error" sx={{ m: 'auto' }}>
          {t('pdf.loadError')}
        </Typography>
      )}
      {url && inline && (
        <Box
          component="iframe"
          title={t('pdf.frameTitle', { title: file.title })}
          src={url}
          data-testid="document-pdf"
          sx={{ border: 0, width: '100%', minHeight: { xs: 360, md: '70vh' }, flex: 1 }}
        />
      )}
      {url && !inline && (
        <Stack spacing={2} sx={{ m: 'auto', alignItems: 'center' }}>
          <Typography>{t('pdf.tooLarge')}</Typography>
          <Button
            variant="contained"
            href={url}
            download={file.fileName}
            startIcon={<FileDownloadOutlined />}
          >
            {t('pdf.download')}
          </Button>
        </Stack>
      )}
    </Box>
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth={withJson ? 'xl' : 'lg'} fullWidth>
      <DialogTitle id={titleId}>{withJson ? (jsonTitle ?? file.title) : file.title}</DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          {pdfPane}
          {withJson && (
            <Box
              component="section"
              aria-label={t('json.title')}
              sx={{ flex: 1, minWidth: 0, maxHeight: { md: '70vh' }, overflow: 'auto' }}
            >
              <Typography variant="subtitle2" gutterBottom>
                {t('json.title')}
              </Typography>
              {json.isPending && <CircularProgress size={24} aria-label={t('app:loading')} />}
              {json.data !== undefined && json.data !== null && (
                <Box
                  component="pre"
                  data-testid="document-json"
                  sx={{
                    m: 0,
                    p: 1.5,
                    bgcolor: 'grey.100',
                    borderRadius: 1,
                    fontSize: 12,
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-all',
                  }}
                >
                  {JSON.stringify(json.data, null, 2)}
                </Box>
              )}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {url && (
          <Button href={url} download={file.fileName} startIcon={<FileDownloadOutlined />}>
            {t('pdf.download')}
          </Button>
        )}
        {withJson && file.downloadJson && (
          <Button
            startIcon={<FileDownloadOutlined />}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            {t('json.download')}
          </Button>
        )}
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
