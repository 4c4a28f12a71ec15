import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '../../components/DataTable/index.ts';
import { DetailList } from '../../components/DetailList.tsx';
import { DateText } from '../../components/Display.tsx';
import { EmailOffWarning } from '../documents/delivery/Delivery.tsx';
import { ControlBlocksView } from '../numbering/LotTable.tsx';
import { type Company, logoUrl, useCompanyDetail } from './api.ts';

/**
 * Company detail (spec 000 §2): logo, data, certificate, and the three control-number blocks
 * (invoices, orders/guides, withholdings) of GET /v2/mantenimiento/localidad/getlocalidad/{id}.
 */
export function CompanyDetailDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const titleId = useId();
  const detail = useCompanyDetail(company.id);
  const c = detail.data;
  const logo = c ? logoUrl(c) : logoUrl(company);
  const yesNo = (v: boolean) => (v ? t('companies.yes') : t('companies.no'));

  const rows: Array<[string, ReactNode]> = c
    ? [
        [t('companies.detail.nombre'), c.nombre],
        [t('companies.detail.documento'), c.rif],
        [t('companies.detail.direccion'), c.direccion],
        [t('companies.detail.estado'), c.estado ?? '—'],
        [t('companies.detail.municipio'), c.municipio ?? '—'],
        [t('companies.detail.telefono'), c.telefono],
        [t('companies.detail.correo'), c.correo],
        [t('companies.detail.contribuyente'), yesNo(c.contribuyenteEspecial)],
        [
          t('companies.detail.tipoProveedor'),
          t(`companies.providerTypes.${c.tipoProveedor}`, { defaultValue: c.tipoProveedor }),
        ],
        [t('companies.detail.aerolinea'), yesNo(c.aerolinea)],
        [t('companies.detail.estatus'), <StatusChip key="status" status={c.logEstatusRegistro} />],
      ]
    : [];
  const certificate: Array<[string, ReactNode]> = c?.certificado
    ? [
        [t('companies.detail.certSubject'), c.certificado.subject],
        [t('companies.detail.certExpiry'), <DateText key="expiry" value={c.certificado.validTo} />],
      ]
    : [];

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('companies.detail.title')}</DialogTitle>
      <DialogContent dividers>
        {!c ? (
          <Stack sx={{ alignItems: 'center', py: 4 }}>
            <CircularProgress size={28} />
          </Stack>
        ) : (
          <Stack spacing={2}>
            <EmailOffWarning envioEmail={c.envioEmail} />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              {logo ? (
                <Avatar
                  variant="rounded"
                  src={logo}
                  alt={t('companies.logoAlt', { name: c.nombre })}
                  sx={{ width: 72, height: 72 }}
                />
              ) : (
                <Avatar variant="rounded" sx={{ width: 72, height: 72 }}>
                  {c.nombre.slice(0, 1)}
                </Avatar>
              )}
              <Typography variant="h6" component="p">
                {c.nombre}
              </Typography>
            </Stack>
            <DetailList rows={rows} columns={2} />
            <Divider />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('companies.detail.certificado')}
            </Typography>
            {certificate.length > 0 ? (
              <DetailList rows={certificate} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('companies.detail.noCertificate')}
              </Typography>
            )}
            <Divider />
            <ControlBlocksView blocks={c.controles} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
