import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/form/DateField.tsx';
import { SectionCard } from '../documents/index.ts';
import type { Draft } from './draft.ts';

/** 'Datos del Servicio' of a service invoice (spec 001 §2.1). */
export function ServiceCard({ draft, patch }: { draft: Draft; patch: (next: Partial<Draft>) => void }) {
  const { t } = useTranslation('invoices');
  const set = (field: keyof Draft['servicio'], value: string) =>
    patch({ servicio: { ...draft.servicio, [field]: value } });
  return (
    <SectionCard title={t('service.title')}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('service.nroContrato')}
            value={draft.servicio.nroContrato}
            onChange={(e) => set('nroContrato', e.target.value.slice(0, 40))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <DateField
            label={t('service.pagueAntes')}
            value={draft.servicio.pagueAntes}
            onChange={(e) => set('pagueAntes', e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('service.direccionServicio')}
            value={draft.servicio.direccionServicio}
            onChange={(e) => set('direccionServicio', e.target.value.slice(0, 200))}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('service.periodoFacturacion')}
            value={draft.servicio.periodoFacturacion}
            onChange={(e) => set('periodoFacturacion', e.target.value.slice(0, 60))}
          />
        </Grid>
      </Grid>
    </SectionCard>
  );
}
