import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DetailList } from '../../components/DetailList.tsx';
import { DocumentPdfDialog } from '../documents/index.ts';
import { invoiceFile } from './invoiceFile.ts';

/** What masivafacturacion answers for the invoice just issued (DetalleFacturaProcesadas). */
export interface IssuedInvoice {
  id: string;
  /** As printed: 'serie-numero' when the invoice has its own series. */
  nroFactura: string;
  nroControl: string;
  cliente: string;
}

/**
 * After 'Generar factura': the invoice and control numbers the server gave, its PDF
 * (asked for again until the background job has made it) and 'issue another'.
 */
export function InvoiceIssuedDialog({
  invoice,
  onAnother,
  onClose,
  listPath = '/facturacion/generales',
}: {
  invoice: IssuedInvoice;
  onAnother: () => void;
  onClose: () => void;
  /** The list 'Ir a la lista' opens: the model's own for an air or liquor invoice. */
  listPath?: string;
}) {
  const { t } = useTranslation('invoices');
  const titleId = useId();
  const [pdf, setPdf] = useState(false);
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{t('issued.title')}</DialogTitle>
        <DialogContent dividers data-testid="invoice-issued">
          <DetailList
            rows={[
              [t('issued.nroFactura'), invoice.nroFactura],
              [t('issued.nroControl'), invoice.nroControl],
              [t('issued.cliente'), invoice.cliente],
            ]}
          />
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button component={RouterLink} to={listPath}>
            {t('issued.toList')}
          </Button>
          <Button startIcon={<PictureAsPdfOutlined />} onClick={() => setPdf(true)}>
            {t('issued.viewPdf')}
          </Button>
          <Button variant="contained" startIcon={<ReceiptLongOutlined />} onClick={onAnother} autoFocus>
            {t('issued.another')}
          </Button>
        </DialogActions>
      </Dialog>
      {pdf && (
        <DocumentPdfDialog
          file={invoiceFile(
            { id: invoice.id, serieNrofactura: '', nroFactura: invoice.nroFactura },
            { justIssued: true },
          )}
          onClose={() => setPdf(false)}
        />
      )}
    </>
  );
}
