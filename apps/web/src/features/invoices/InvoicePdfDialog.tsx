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
import { downloadInvoiceJson, encodedInvoice, type InvoiceRow, invoiceJson, invoicesKey } from './api.ts';
import { invoiceNumber } from './invoiceNumber.ts';

/** Spec 002 §9: inline viewing only below this base64 length; larger PDFs are offered as a download. */
export const INLINE_PDF_MAX_BASE64 = 2_097_152;

function pdfBlob(base64: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'application/pdf' });
}

/**
 * The signed PDF of an invoice (GET queryFacturasCodificada) in a dialog; with `withJson`, the
 * tax-authority consult: the invoice JSON next to the PDF, and its download.
 */
export function InvoicePdfDialog({
  row,
  withJson,
  onClose,
}: {
  row: InvoiceRow;
  withJson: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  const titleId = useId();
  const number = invoiceNumber(row);
  const encoded = useQuery({
    queryKey: [...invoicesKey, 'pdf', row.id],
    queryFn: ({ signal }) => encodedInvoice(row.id, signal),
    select: (answer) => answer.resultado.facturaCodificada,
    staleTime: 60_000,
  });
  const json = useQuery({
    queryKey: [...invoicesKey, 'json', row.id],
    queryFn: ({ signal }) => invoiceJson(row.id, signal),
    enabled: withJson,
  });
  const download = useMutation({ mutationFn: () => downloadInvoiceJson(row.id, number) });

  const base64 = encoded.data;
  const url = useMemo(() => (base64 ? URL.createObjectURL(pdfBlob(base64)) : null), [base64]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const inline = base64 !== undefined && base64.length < INLINE_PDF_MAX_BASE64;
  const fileName = `Factura_${number}.pdf`;

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
          title={t('pdf.frameTitle', { nro: number })}
          src={url}
          data-testid="invoice-pdf"
          sx={{ border: 0, width: '100%', minHeight: { xs: 360, md: '70vh' }, flex: 1 }}
        />
      )}
      {url && !inline && (
        <Stack spacing={2} sx={{ m: 'auto', alignItems: 'center' }}>
          <Typography>{t('pdf.tooLarge')}</Typography>
          <Button variant="contained" href={url} download={fileName} startIcon={<FileDownloadOutlined />}>
            {t('pdf.download')}
          </Button>
        </Stack>
      )}
    </Box>
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth={withJson ? 'xl' : 'lg'} fullWidth>
      <DialogTitle id={titleId}>
        {withJson ? t('pdf.consultTitle', { nro: number }) : t('pdf.title', { nro: number })}
      </DialogTitle>
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
              {json.data && (
                <Box
                  component="pre"
                  data-testid="invoice-json"
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
          <Button href={url} download={fileName} startIcon={<FileDownloadOutlined />}>
            {t('pdf.download')}
          </Button>
        )}
        {withJson && (
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
