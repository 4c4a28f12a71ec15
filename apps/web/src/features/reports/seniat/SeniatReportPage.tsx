import './i18n.ts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  caracasDate,
  REPORT_MESSAGES,
  SENIAT_MODULE,
  SENIAT_REPORT_KINDS,
  SENIAT_REPORTS,
  type SeniatReportKind,
} from '@sigece/fiscal';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/auth.tsx';
import { translateMessage } from '../../../app/i18n.ts';
import { notifySuccess } from '../../../app/notify.ts';
import { usePermission } from '../../../app/permissions.ts';
import { DateField } from '../../../components/form/DateField.tsx';
import { useCompanyOptions } from '../../companies/api.ts';
import { AssignmentRegister } from '../register/AssignmentRegister.tsx';
import {
  downloadSeniatReport,
  type QueuedReport,
  requestGeneralReport,
  requestGlobalReport,
  requestSeniatReport,
  saveBase64,
} from './api.ts';
import { REPORTS_SENIAT_NS } from './i18n.ts';
import { MonthlyReportSection } from './MonthlyReportSection.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TYPES = {
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PDF: 'application/pdf',
};

interface Form {
  fechaInicio: string;
  fechaFin: string;
  email: string;
  anio: string;
  mes: string;
  valueFormato: 'XLSX' | 'PDF';
  rif: string;
  rifs: string[];
}

/**
 * 'Generar Reporte Seniat' (spec 002 §2.5): six buttons, each gated by its action key (§6), choose the
 * report; its form asks what that kind needs. Generation is queued and the report is e-mailed; the weekly
 * form can also download it at once.
 */
export default function SeniatReportPage() {
  const { t } = useTranslation(REPORTS_SENIAT_NS);
  const { me } = useAuth();
  const can = usePermission(SENIAT_MODULE);
  const companies = useCompanyOptions();
  const today = caracasDate();
  const [kind, setKind] = useState<SeniatReportKind | null>(null);
  const [form, setForm] = useState<Form>({
    fechaInicio: '',
    fechaFin: '',
    email: me?.email ?? '',
    anio: today.slice(0, 4),
    mes: String(Number(today.slice(5, 7))),
    valueFormato: 'XLSX',
    rif: '',
    rifs: [],
  });
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const done = (answer: QueuedReport) => notifySuccess(translateMessage(answer.message));

  const mode = kind ? SENIAT_REPORTS[kind].period : null;
  const emailOk = EMAIL.test(form.email);
  const yearOk = /^\d{4}$/.test(form.anio);
  const datesOk =
    mode === 'range'
      ? Boolean(form.fechaInicio && form.fechaFin)
      : mode === 'week'
        ? Boolean(form.fechaInicio)
        : yearOk;
  const query = () => ({
    tipoReporte: kind ?? undefined,
    email: form.email,
    fechaInicio: mode === 'range' || mode === 'week' ? form.fechaInicio : undefined,
    fechaFin: mode === 'range' ? form.fechaFin : mode === 'week' ? form.fechaFin || undefined : undefined,
    anio: mode === 'month' || mode === 'year' ? form.anio : undefined,
    mes: mode === 'month' ? form.mes : undefined,
    valueFormato: mode === 'year' ? form.valueFormato : undefined,
    rif: form.rif || undefined,
  });

  const send = useMutation({
    mutationFn: () =>
      kind === 6
        ? requestGlobalReport(
            { fechaInicio: form.fechaInicio, fechaFin: form.fechaFin, email: form.email },
            form.rifs,
          )
        : requestSeniatReport(query()),
    onSuccess: done,
  });
  const general = useMutation({ mutationFn: () => requestGeneralReport(query()), onSuccess: done });
  const download = useMutation({
    mutationFn: () => downloadSeniatReport({ ...query(), email: undefined }),
    onSuccess: (r) =>
      saveBase64(r.resultExcel, r.fileName, r.fileName.endsWith('.pdf') ? TYPES.PDF : TYPES.XLSX),
  });
  const busy = send.isPending || general.isPending || download.isPending;
  const ready = datesOk && emailOk && (kind !== 6 || form.rifs.length > 0) && !busy;
  const options = companies.data ?? [];

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {SENIAT_REPORT_KINDS.filter((k) => can(SENIAT_REPORTS[k].key)).map((k) => (
          <Button key={k} variant={kind === k ? 'contained' : 'outlined'} onClick={() => setKind(k)}>
            {t(`kinds.${k}`)}
          </Button>
        ))}
      </Stack>
      {!kind && <Typography color="text.secondary">{t('choose')}</Typography>}
      {kind && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t(`kinds.${kind}`)}
            </Typography>
            <Grid container spacing={2}>
              {(mode === 'range' || mode === 'week') && (
                <>
                  <Grid size={{ xs: 12, sm: 3 }}>
                    <DateField
                      label={t('desde')}
                      fullWidth
                      value={form.fechaInicio}
                      onChange={(e) => set({ fechaInicio: e.target.value })}
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, sm: 3 }}>
                    <DateField
                      label={t('hasta')}
                      fullWidth
                      value={form.fechaFin}
                      onChange={(e) => set({ fechaFin: e.target.value })}
                      error={Boolean(form.fechaInicio && form.fechaFin && form.fechaInicio > form.fechaFin)}
                      helperText={
                        form.fechaInicio && form.fechaFin && form.fechaInicio > form.fechaFin
                          ? translateMessage(REPORT_MESSAGES.reversed)
                          : undefined
                      }
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
                    />
                  </Grid>
                </>
              )}
              {(mode === 'month' || mode === 'year') && (
                <Grid size={{ xs: 12, sm: 2 }}>
                  <TextField
                    label={t('anio')}
                    fullWidth
                    value={form.anio}
                    onChange={(e) => set({ anio: e.target.value.replace(/\D/g, '').slice(0, 4) })}
                    error={!yearOk}
                    helperText={yearOk ? undefined : translateMessage(REPORT_MESSAGES.year)}
                  />
                </Grid>
              )}
              {mode === 'month' && (
                <Grid size={{ xs: 12, sm: 3 }}>
                  <TextField
                    select
                    label={t('mes')}
                    fullWidth
                    value={form.mes}
                    onChange={(e) => set({ mes: e.target.value })}
                  >
                    {(t('months', { returnObjects: true }) as string[]).map((name, i) => (
                      <MenuItem key={name} value={String(i + 1)}>
                        {name}
                      </MenuItem>
                    ))}
                  </TextField>
                </Grid>
              )}
              {mode === 'year' && (
                <Grid size={{ xs: 12, sm: 2 }}>
                  <TextField
                    select
                    label={t('formato')}
                    fullWidth
                    value={form.valueFormato}
                    onChange={(e) => set({ valueFormato: e.target.value as Form['valueFormato'] })}
                  >
                    <MenuItem value="XLSX">XLSX</MenuItem>
                    <MenuItem value="PDF">PDF</MenuItem>
                  </TextField>
                </Grid>
              )}
              {kind === 6 ? (
                <Grid size={12}>
                  <Autocomplete
                    multiple
                    options={options}
                    loading={companies.isPending}
                    value={options.filter((c) => form.rifs.includes(c.rif))}
                    onChange={(_, list) => set({ rifs: list.map((c) => c.rif) })}
                    getOptionLabel={(c) => `${c.nombre} (${c.rif})`}
                    isOptionEqualToValue={(a, b) => a.id === b.id}
                    noOptionsText={t('noCompanies')}
                    renderInput={(params) => <TextField {...params} label={t('empresas')} />}
                  />
                </Grid>
              ) : (
                kind !== 7 && (
                  <Grid size={{ xs: 12, sm: 4 }}>
                    <Autocomplete
                      options={options}
                      loading={companies.isPending}
                      value={options.find((c) => c.rif === form.rif) ?? null}
                      onChange={(_, c) => set({ rif: c?.rif ?? '' })}
                      getOptionLabel={(c) => `${c.nombre} (${c.rif})`}
                      isOptionEqualToValue={(a, b) => a.id === b.id}
                      noOptionsText={t('noCompanies')}
                      renderInput={(params) => <TextField {...params} label={t('empresa')} />}
                    />
                  </Grid>
                )
              )}
              <Grid size={{ xs: 12, sm: 5 }}>
                <TextField
                  label={t('email')}
                  type="email"
                  fullWidth
                  value={form.email}
                  onChange={(e) => set({ email: e.target.value.trim() })}
                  error={form.email !== '' && !emailOk}
                  helperText={
                    form.email !== '' && !emailOk ? translateMessage(REPORT_MESSAGES.email) : undefined
                  }
                />
              </Grid>
            </Grid>
            <Box sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button variant="contained" disabled={!ready} onClick={() => send.mutate()}>
                {mode === 'range' ? t('byPeriod') : t('generate')}
              </Button>
              {mode === 'week' && (
                <>
                  <Button variant="outlined" disabled={!ready} onClick={() => general.mutate()}>
                    {t('general')}
                  </Button>
                  <Button variant="outlined" disabled={!datesOk || busy} onClick={() => download.mutate()}>
                    {t('download')}
                  </Button>
                </>
              )}
              {busy && <CircularProgress size={24} aria-label={t('generate')} />}
            </Box>
          </CardContent>
        </Card>
      )}
      {me?.masterAdmin && <MonthlyReportSection />}
      {/* The register of assignments, on the SENIAT reports screen (same permission). */}
      <AssignmentRegister />
    </Stack>
  );
}
