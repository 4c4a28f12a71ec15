import './i18n.ts';
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
import { caracasDate, REPORT_MESSAGES } from '@sigece/fiscal';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type Page } from '../../../app/api.ts';
import { translateMessage } from '../../../app/i18n.ts';
import { DateField } from '../../../components/form/DateField.tsx';
import { INLINE_PDF_MAX_BASE64 } from '../../documents/index.ts';
import { REPORTS_LOGS_NS } from './i18n.ts';

interface UserOption {
  id: string;
  email: string;
}

function pdfUrl(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
}

/**
 * 'Generar Reporte de Logs' (spec 002 §2.8): user autocomplete by e-mail, Desde/Hasta, 'Generar Reporte'
 * disabled until both dates are set; the answer is an embedded PDF titled 'Logs de Eventos' or 'No hay
 * datos para mostrar'.
 */
export default function LogsReportPage() {
  const { t } = useTranslation(REPORTS_LOGS_NS);
  const today = caracasDate();
  const [search, setSearch] = useState('');
  const [user, setUser] = useState<UserOption | null>(null);
  const [fechaInicio, setInicio] = useState('');
  const [fechaFin, setFin] = useState('');
  const users = useQuery({
    queryKey: ['reportes', 'logs', 'users', search],
    queryFn: ({ signal }) =>
      api<Page<UserOption>>('/v2/users/allUser', { query: { search, limit: 10, page: 1 }, signal }).then(
        (p) => p.results,
      ),
    staleTime: 30_000,
  });
  const run = useMutation({
    mutationFn: () =>
      api<{ result: string | null; message: string }>('/v2/logs/getLogsByRange', {
        query: { fechaInicio, fechaFin, idUsuario: user?.id },
      }),
  });
  const base64 = run.data?.result ?? null;
  const url = useMemo(() => (base64 ? pdfUrl(base64) : null), [base64]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const reversed = Boolean(fechaInicio && fechaFin && fechaInicio > fechaFin);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('logs.title')}
      </Typography>
      <Card>
        <CardContent>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 5 }}>
              <Autocomplete<UserOption>
                options={users.data ?? []}
                value={user}
                loading={users.isPending}
                filterOptions={(x) => x}
                onInputChange={(_, value) => setSearch(value)}
                onChange={(_, u) => setUser(u)}
                getOptionLabel={(u) => u.email}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                noOptionsText={t('logs.noUsers')}
                renderInput={(params) => <TextField {...params} label={t('logs.user')} />}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <DateField
                label={t('logs.desde')}
                fullWidth
                value={fechaInicio}
                onChange={(e) => setInicio(e.target.value)}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <DateField
                label={t('logs.hasta')}
                fullWidth
                value={fechaFin}
                onChange={(e) => setFin(e.target.value)}
                error={reversed}
                helperText={reversed ? translateMessage(REPORT_MESSAGES.reversed) : undefined}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
              />
            </Grid>
          </Grid>
          <Box sx={{ mt: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
            <Button
              variant="contained"
              disabled={!fechaInicio || !fechaFin || run.isPending}
              onClick={() => run.mutate()}
            >
              {t('logs.generate')}
            </Button>
            {run.isPending && <CircularProgress size={24} aria-label={t('logs.generate')} />}
          </Box>
        </CardContent>
      </Card>
      {run.isSuccess && !base64 && <Typography>{t('logs.empty')}</Typography>}
      {url && base64 && base64.length < INLINE_PDF_MAX_BASE64 && (
        <Box
          component="iframe"
          title={t('logs.frame')}
          src={url}
          data-testid="logs-pdf"
          sx={{ border: 0, width: '100%', minHeight: '75vh' }}
        />
      )}
      {url && base64 && base64.length >= INLINE_PDF_MAX_BASE64 && (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('logs.tooLarge')}</Typography>
          <Button variant="contained" href={url} download="Logs_de_Eventos.pdf">
            {t('logs.download')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
