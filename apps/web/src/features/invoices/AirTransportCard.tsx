import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/form/DateField.tsx';
import { SectionCard } from '../documents/index.ts';
import type { Draft } from './draft.ts';
import { AIR_LIMITS, type AirCharge, type AirDraft, CHARGE_LIMITS } from './models.ts';

type TextKey = Exclude<keyof AirDraft, 'cargos' | 'fechaSalida' | 'fechaRegreso'>;
const REQUIRED: ReadonlySet<keyof AirDraft> = new Set([
  'pasajero',
  'documentoPasajero',
  'nroBoleto',
  'origen',
  'destino',
  'fechaSalida',
]);
const TEXT_FIELDS: TextKey[] = [
  'pasajero',
  'documentoPasajero',
  'domicilioPasajero',
  'telefonoPasajero',
  'nroBoleto',
  'codigoReserva',
  'aerolinea',
  'nroVuelo',
  'origen',
  'destino',
  'clase',
];
const AMOUNT = /^\d{0,18}(\.\d{0,2})?$/;

/**
 * 'Datos del Transporte Aéreo' of an AEREA invoice (Providencia 0078): passenger, ticket,
 * itinerary, and the fees and charges that are added to the total outside the IVA base.
 */
export function AirTransportCard({ draft, patch }: { draft: Draft; patch: (next: Partial<Draft>) => void }) {
  const { t } = useTranslation('invoiceModels');
  const air = draft.aereo;
  const set = (next: Partial<AirDraft>) => patch({ aereo: { ...air, ...next } });
  const setCharge = (key: string, next: Partial<AirCharge>) =>
    set({ cargos: air.cargos.map((c) => (c.key === key ? { ...c, ...next } : c)) });
  return (
    <SectionCard title={t('air.title')} testId="air-transport-card">
      <Grid container spacing={2}>
        {TEXT_FIELDS.map((field) => (
          <Grid key={field} size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              label={t(`air.${field}`)}
              required={REQUIRED.has(field)}
              value={air[field]}
              onChange={(e) => set({ [field]: e.target.value.slice(0, AIR_LIMITS[field]) })}
            />
          </Grid>
        ))}
        {(['fechaSalida', 'fechaRegreso'] as const).map((field) => (
          <Grid key={field} size={{ xs: 12, sm: 6, md: 4 }}>
            <DateField
              label={t(`air.${field}`)}
              required={REQUIRED.has(field)}
              value={air[field]}
              onChange={(e) => set({ [field]: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" sx={{ mt: 3, mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <div>
          <Typography variant="subtitle2" component="h3">
            {t('air.charges')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('air.chargesHelp')}
          </Typography>
        </div>
        <Button
          startIcon={<AddCircleOutline />}
          disabled={air.cargos.length >= CHARGE_LIMITS.max}
          onClick={() =>
            set({
              cargos: [
                ...air.cargos,
                {
                  key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
                  concepto: '',
                  beneficiario: '',
                  monto: '',
                },
              ],
            })
          }
        >
          {t('air.addCharge')}
        </Button>
      </Stack>
      {air.cargos.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('air.noCharges')}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {air.cargos.map((c, i) => (
          <Grid container spacing={1} key={c.key} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextField
                label={t('air.concepto')}
                required
                value={c.concepto}
                slotProps={{ htmlInput: { 'data-testid': `air-charge-concepto-${i}` } }}
                onChange={(e) =>
                  setCharge(c.key, { concepto: e.target.value.slice(0, CHARGE_LIMITS.concepto) })
                }
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 3 }}>
              <TextField
                label={t('air.beneficiario')}
                value={c.beneficiario}
                onChange={(e) =>
                  setCharge(c.key, { beneficiario: e.target.value.slice(0, CHARGE_LIMITS.beneficiario) })
                }
              />
            </Grid>
            <Grid size={{ xs: 10, sm: 3 }}>
              <TextField
                label={t('air.monto')}
                required
                value={c.monto}
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `air-charge-monto-${i}` } }}
                onChange={(e) => {
                  const value = e.target.value.replace(',', '.');
                  if (AMOUNT.test(value)) setCharge(c.key, { monto: value });
                }}
              />
            </Grid>
            <Grid size={{ xs: 2, sm: 1 }}>
              <IconButton
                aria-label={t('air.removeCharge', { concepto: c.concepto })}
                onClick={() => set({ cargos: air.cargos.filter((x) => x.key !== c.key) })}
              >
                <DeleteOutlined />
              </IconButton>
            </Grid>
          </Grid>
        ))}
      </Stack>
    </SectionCard>
  );
}
