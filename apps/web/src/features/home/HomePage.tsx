import Add from '@mui/icons-material/Add';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHECKLIST_FAMILIES, type Dashboard } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../app/api.ts';
import { useAuth } from '../../app/auth.tsx';
import { registerResources } from '../../app/i18n.ts';
import { useCanAccess, usePermission } from '../../app/permissions.ts';
import { formatMoney, formatRate } from '../../components/format.ts';
import { homeResources } from './i18n.ts';

registerResources('home', homeResources);

/** Where each checklist step is done. */
const STEP_PATHS: Record<string, string> = {
  certificado: '/mantenimiento/Localidad',
  FACTURA: '/mantenimiento/Localidad',
  ORDEN: '/mantenimiento/Localidad',
  RETENCION: '/mantenimiento/Localidad',
  productos: '/mantenimiento/Producto',
  usuarios: '/seguridad/usuarios',
  correo: '/mantenimiento/Localidad',
};

const fetchDashboard = (signal?: AbortSignal) =>
  api<{ result: Dashboard }>('/v2/inicio/resumen', { signal }).then((a) => a.result);

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper sx={{ p: 2, height: '100%' }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /home (spec 000 §2): the greeting and the dashboard of the user's companies. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { me } = useAuth();
  const canAccess = useCanAccess();
  const canIssue = usePermission('/facturacion/generales');
  const summary = useQuery({
    queryKey: ['home', 'dashboard'],
    queryFn: ({ signal }) => fetchDashboard(signal),
  });
  const d = summary.data;
  const steps = (c: Dashboard['checklist'][number]) => [
    ['certificado', c.certificado] as const,
    ...CHECKLIST_FAMILIES.map((f) => [f, c.lotes[f]] as const),
    ['productos', c.productos] as const,
    ['usuarios', c.usuarios] as const,
    ['correo', c.correo] as const,
  ];
  return (
    <Stack spacing={2}>
      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h5" component="h1" color="primary" sx={{ fontWeight: 700 }}>
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('subtitle')}
        </Typography>
        {me && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Typography>{t('greeting', { name: me.name })}</Typography>
            {me.masterAdmin && <Chip size="small" color="primary" label={t('masterAdmin')} />}
            {me.role && <Chip size="small" variant="outlined" label={t('role', { role: me.role })} />}
            {canIssue('add') && (
              // The day's main task one click from Home (the 3-line invoice's clicks).
              <Button
                component={RouterLink}
                to="/facturacion/generales/facturaGeneral"
                variant="contained"
                startIcon={<Add />}
                sx={{ ml: { sm: 'auto !important' } }}
              >
                {t('newInvoice')}
              </Button>
            )}
          </Stack>
        )}
      </Paper>
      {summary.isPending && <LinearProgress />}
      {summary.isError && <Alert severity="error">{t('dashboard.loadError')}</Alert>}
      {d && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <Panel title={t('dashboard.invoiced')} testId="dash-invoiced">
              {d.facturadoMes.length === 0 && (
                <Typography color="text.secondary">{t('dashboard.noInvoices')}</Typography>
              )}
              {d.facturadoMes.map((m) => (
                <Box key={m.divisa} sx={{ mb: 1 }}>
                  <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                    {formatMoney(m.total, m.divisa)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('dashboard.invoicedCount', { count: m.cantidad })}
                  </Typography>
                </Box>
              ))}
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <Panel title={t('dashboard.pending')} testId="dash-pending">
              {(
                [
                  ['pdfPending', d.pdfPendientes, 'info'],
                  ['pdfFailed', d.pdfFallidos, 'error'],
                  ['mailFailed', d.correosFallidos, 'error'],
                ] as const
              ).map(([key, n, color]) => (
                <Stack key={key} direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
                  <Typography variant="body2">{t(`dashboard.${key}`)}</Typography>
                  <Chip size="small" color={n > 0 ? color : 'default'} label={n} />
                </Stack>
              ))}
              <Box sx={{ mt: 2 }} data-testid="dash-rate">
                <Typography variant="body2" color="text.secondary">
                  {t('dashboard.rate')}
                </Typography>
                {d.tasaBcv.valor ? (
                  <Typography variant="h6" component="p">
                    {formatRate(d.tasaBcv.valor)} / USD
                  </Typography>
                ) : (
                  <Alert severity="warning" sx={{ mt: 0.5 }}>
                    {t('dashboard.rateMissing', { date: d.tasaBcv.fecha.split('-').reverse().join('/') })}
                  </Alert>
                )}
              </Box>
            </Panel>
          </Grid>
          <Grid size={{ xs: 12, lg: 4 }}>
            <Panel title={t('dashboard.lots')} testId="dash-lots">
              {d.lotes.length === 0 && (
                <Typography color="text.secondary">{t('dashboard.noLots')}</Typography>
              )}
              {d.lotes.map((l) => (
                <Box key={l.id} sx={{ mb: 1.5 }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                    <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {l.localidad} · {t(`dashboard.families.${l.familia}`, { defaultValue: l.familia })}
                    </Typography>
                    {l.bajo && (
                      <WarningAmber color="warning" fontSize="small" titleAccess={t('dashboard.low')} />
                    )}
                  </Stack>
                  <LinearProgress
                    variant="determinate"
                    color={l.bajo ? 'warning' : 'primary'}
                    value={l.cantidad > 0 ? (l.restantes / l.cantidad) * 100 : 0}
                  />
                  <Typography variant="caption" color={l.bajo ? 'warning.main' : 'text.secondary'}>
                    {t('dashboard.left', {
                      left: l.restantes.toLocaleString('es-VE'),
                      total: l.cantidad.toLocaleString('es-VE'),
                    })}
                    {l.bajo ? ` · ${t('dashboard.low')}` : ''}
                  </Typography>
                </Box>
              ))}
            </Panel>
          </Grid>
          {d.checklist.length > 0 && (
            <Grid size={12}>
              <Panel title={t('dashboard.checklist')} testId="dash-checklist">
                <Grid container spacing={2}>
                  {d.checklist.map((c) => {
                    const list = steps(c);
                    const done = list.filter(([, ok]) => ok).length;
                    return (
                      <Grid key={c.id} size={{ xs: 12, md: 6, xl: 4 }}>
                        <Box
                          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
                          data-testid="checklist-company"
                          data-company={c.nombre}
                        >
                          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                            <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }}>
                              {c.nombre}
                            </Typography>
                            <Chip
                              size="small"
                              color={done === list.length ? 'success' : 'default'}
                              label={done === list.length ? t('dashboard.allDone') : `${done}/${list.length}`}
                            />
                          </Stack>
                          <List dense disablePadding>
                            {list.map(([key, ok]) => (
                              <ListItem
                                key={key}
                                disableGutters
                                data-step={key}
                                data-done={ok ? 'true' : 'false'}
                              >
                                <ListItemIcon sx={{ minWidth: 32 }}>
                                  {ok ? (
                                    <CheckCircle color="success" fontSize="small" />
                                  ) : (
                                    <RadioButtonUnchecked color="disabled" fontSize="small" />
                                  )}
                                </ListItemIcon>
                                <ListItemText primary={t(`dashboard.steps.${key}`)} />
                                {!ok && canAccess(STEP_PATHS[key]) && (
                                  <Link component={RouterLink} to={STEP_PATHS[key]} variant="body2">
                                    {t('dashboard.open')}
                                  </Link>
                                )}
                              </ListItem>
                            ))}
                          </List>
                        </Box>
                      </Grid>
                    );
                  })}
                </Grid>
              </Panel>
            </Grid>
          )}
        </Grid>
      )}
    </Stack>
  );
}
