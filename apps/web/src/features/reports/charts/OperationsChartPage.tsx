import './i18n.ts';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { caracasDate, formatAmount, type OperationsChart } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { api } from '../../../app/api.ts';
import { notifyError } from '../../../app/notify.ts';
import { useInvoiceCompanies } from '../../invoices/api.ts';
import { CHART_NS } from './i18n.ts';

const ALL = 'all';

/**
 * /charts/Linear 'Operativos': the real monthly sales of a year, of one company or of
 * all the user sees, versus its purchases, drawn with recharts.
 */
export default function OperationsChartPage() {
  const { t } = useTranslation(CHART_NS);
  const companies = useInvoiceCompanies();
  const thisYear = Number(caracasDate().slice(0, 4));
  const [anio, setAnio] = useState(thisYear);
  const [company, setCompany] = useState(ALL);
  const chart = useQuery({
    queryKey: ['reports', 'operations-chart', anio, company],
    queryFn: ({ signal }) =>
      api<OperationsChart>('/v2/charts/operativos', {
        query: { anio, id_localidad: company === ALL ? undefined : company },
        signal,
      }),
  });
  useEffect(() => {
    if (chart.error) notifyError(chart.error);
  }, [chart.error]);
  // Chart coordinates only: the figures themselves stay exact strings in the tooltip's source.
  const data = (chart.data?.meses ?? []).map((m) => ({
    ...m,
    valor: Number(m.ventas),
    compra: Number(m.compras),
  }));
  const hasData = data.some((m) => m.documentos > 0 || m.documentosCompra > 0);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('subtitle')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            label={t('company')}
            value={company}
            onChange={(e) => setCompany(e.target.value)}
            sx={{ minWidth: 280 }}
          >
            <MenuItem value={ALL}>{t('allCompanies')}</MenuItem>
            {(companies.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.nombre} ({c.rif})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('year')}
            value={anio}
            onChange={(e) => setAnio(Number(e.target.value))}
            sx={{ minWidth: 120 }}
          >
            {[0, 1, 2, 3, 4].map((back) => (
              <MenuItem key={back} value={thisYear - back}>
                {thisYear - back}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {chart.isPending && <CircularProgress aria-label={t('app:loading')} />}
        {chart.data && !hasData && <Typography>{t('empty')}</Typography>}
        {chart.data && hasData && (
          <Box role="img" aria-label={t('chartLabel', { anio })} sx={{ width: '100%', height: 360 }}>
            <ResponsiveContainer>
              <LineChart data={data} margin={{ top: 8, right: 24, bottom: 8, left: 24 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="nombre" tickFormatter={(n: string) => n.slice(0, 3)} />
                <YAxis tickFormatter={(v: number) => formatAmount(v, { decimals: 0 })} width={96} />
                <Tooltip formatter={(v) => `${formatAmount(Number(v))} Bs.`} />
                <Legend />
                <Line type="monotone" dataKey="valor" name={t('sales')} stroke="#1565c0" strokeWidth={2} />
                <Line
                  type="monotone"
                  dataKey="compra"
                  name={t('purchases')}
                  stroke="#c62828"
                  strokeWidth={2}
                />
              </LineChart>
            </ResponsiveContainer>
          </Box>
        )}
      </Paper>
    </Stack>
  );
}
