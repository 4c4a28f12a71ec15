import './register.ts';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/form/DateField.tsx';
import { formatMoney } from '../../components/format.ts';
import { INLINE_PDF_MAX_BASE64, SectionCard } from '../documents/index.ts';
import { type InvoiceCompany, useInvoiceCompanies } from '../invoices/api.ts';
import { type OrderReportQuery, orderReport, orderReportExcel } from './api.ts';

function blobOf(base64: string, type: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * /reportes/ReporteOrdenes (spec 002 §2.7, §7 Reports, §9): company and branch autocompletes (the branch
 * only when the company has branches), Desde and Hasta; 'Generar Reporte' (getlibroOrdenes: count, total
 * and the PDF, inline below 2,097,152 base64 characters, a download button above) and 'Generar hoja de
 * calculo' (getOrdenesExcel: Ordenes_Guias_{timestamp}.xlsx), both disabled until both dates and a
 * company are set; a spinner while running.
 */
export default function OrdersReportPage() {
  const { t } = useTranslation('orders');
  const companies = useInvoiceCompanies();
  const [company, setCompany] = useState<InvoiceCompany | null>(null);
  const [branchId, setBranchId] = useState<string>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const branches = company?.lstSucursales ?? [];
  const ready = Boolean(company && from && to);
  const query: OrderReportQuery | null = company
    ? {
        fechaInicio: from,
        fechaFin: to,
        id_localidad: company.id,
        ...(branchId ? { id_sucursal: branchId } : {}),
      }
    : null;
  const report = useMutation({ mutationFn: (q: OrderReportQuery) => orderReport(q) });
  const excel = useMutation({
    mutationFn: (q: OrderReportQuery) => orderReportExcel(q),
    onSuccess: (answer) =>
      download(
        blobOf(answer.libro.libroExcel, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
        answer.libro.nombre,
      ),
  });
  const libro = report.data?.libro;
  const pdfUrl = useMemo(
    () =>
      libro && libro.consolidado > 0
        ? URL.createObjectURL(blobOf(libro.reporteVenta, 'application/pdf'))
        : null,
    [libro],
  );
  useEffect(() => () => (pdfUrl ? URL.revokeObjectURL(pdfUrl) : undefined), [pdfUrl]);
  const running = report.isPending || excel.isPending;

  return (
    <Box component="section" aria-labelledby="orders-report-title">
      <Typography id="orders-report-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('report.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card variant="outlined">
            <CardContent>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: branches.length > 0 ? 6 : 12 }}>
                  <Autocomplete
                    options={companies.data ?? []}
                    loading={companies.isPending}
                    value={company}
                    onChange={(_e, value) => {
                      setCompany(value);
                      setBranchId('');
                    }}
                    getOptionLabel={(c) => c.nombre}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    noOptionsText={t('report.noCompanies')}
                    renderInput={(params) => <TextField {...params} label={t('report.company')} required />}
                  />
                </Grid>
                {branches.length > 0 && (
                  <Grid size={{ xs: 12, sm: 6 }}>
                    <Autocomplete
                      options={branches}
                      value={branches.find((b) => b.id === branchId) ?? null}
                      onChange={(_e, value) => setBranchId(value?.id ?? '')}
                      getOptionLabel={(b) => `${b.codigoSucursal} — ${b.nombre}`}
                      isOptionEqualToValue={(a, b) => a.id === b.id}
                      noOptionsText={t('report.noBranches')}
                      renderInput={(params) => <TextField {...params} label={t('report.branch')} />}
                    />
                  </Grid>
                )}
                <Grid size={{ xs: 12, sm: 6 }}>
                  <DateField
                    fullWidth
                    required
                    label={t('report.from')}
                    value={from}
                    onChange={(e) => setFrom(e.target.value)}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <DateField
                    fullWidth
                    required
                    label={t('report.to')}
                    value={to}
                    onChange={(e) => setTo(e.target.value)}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
                  />
                </Grid>
              </Grid>
              <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                <Button
                  variant="contained"
                  disabled={!ready || running}
                  onClick={() => query && report.mutate(query)}
                >
                  {t('report.generate')}
                </Button>
                <Button
                  variant="outlined"
                  disabled={!ready || running}
                  onClick={() => query && excel.mutate(query)}
                >
                  {t('report.excel')}
                </Button>
                {running && <CircularProgress size={28} aria-label={t('report.title')} />}
              </Stack>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <SectionCard title={t('report.summary')} sx={{ height: '100%' }}>
            {libro && libro.consolidado > 0 ? (
              <Stack spacing={1}>
                <Typography data-testid="report-count">
                  {t('report.count')}: <strong>{libro.consolidado}</strong>
                </Typography>
                <Typography data-testid="report-total">
                  {t('report.total')}:{' '}
                  <strong>
                    {libro.totalesPorMoneda.length
                      ? libro.totalesPorMoneda.map((m) => formatMoney(m.total, m.moneda)).join(' · ')
                      : formatMoney('0', 'VES')}
                  </strong>
                </Typography>
              </Stack>
            ) : (
              <Alert severity="info">{libro ? t('report.empty') : t('report.hint')}</Alert>
            )}
          </SectionCard>
        </Grid>
        {libro && pdfUrl && (
          <Grid size={12}>
            {libro.reporteVenta.length < INLINE_PDF_MAX_BASE64 ? (
              <Box
                component="iframe"
                title={t('report.frame')}
                src={pdfUrl}
                data-testid="report-pdf"
                sx={{ width: '100%', height: 640, border: 0 }}
              />
            ) : (
              <Button href={pdfUrl} download="Ordenes_Guias.pdf">
                {t('report.download')}
              </Button>
            )}
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
