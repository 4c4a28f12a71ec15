import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../documents/index.ts';
import type { Draft } from './draft.ts';
import {
  CAPACITY_UNITS,
  type CapacityUnit,
  emptyLiquorLine,
  LIQUOR_LIMITS,
  type LiquorDraft,
  type LiquorLineDraft,
} from './models.ts';

const DECIMAL = /^\d{0,12}(\.\d{0,4})?$/;

/**
 * 'Datos de Expendio de Especies Alcohólicas' of a LICORES invoice (Ley de Impuesto sobre
 * Alcohol y Especies Alcohólicas): the seller's licence, and per product line its grade, capacity and
 * guarantee band.
 */
export function LiquorCard({ draft, patch }: { draft: Draft; patch: (next: Partial<Draft>) => void }) {
  const { t } = useTranslation('invoiceModels');
  const liquor = draft.licores;
  const set = (next: Partial<LiquorDraft>) => patch({ licores: { ...liquor, ...next } });
  const setLine = (productId: string, next: Partial<LiquorLineDraft>) =>
    set({
      lineas: {
        ...liquor.lineas,
        [productId]: { ...(liquor.lineas[productId] ?? emptyLiquorLine()), ...next },
      },
    });
  const decimal = (productId: string, field: 'gradoAlcoholico' | 'capacidad', raw: string) => {
    const value = raw.replace(',', '.');
    if (DECIMAL.test(value)) setLine(productId, { [field]: value });
  };
  return (
    <SectionCard title={t('liquor.title')} testId="liquor-card">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('liquor.licenciaExpendio')}
            required
            value={liquor.licenciaExpendio}
            onChange={(e) => set({ licenciaExpendio: e.target.value.slice(0, LIQUOR_LIMITS.licencia) })}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('liquor.licenciaComprador')}
            value={liquor.licenciaComprador}
            onChange={(e) => set({ licenciaComprador: e.target.value.slice(0, LIQUOR_LIMITS.licencia) })}
          />
        </Grid>
      </Grid>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
        {t('liquor.lines')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t('liquor.linesHelp')}
      </Typography>
      {draft.lines.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('liquor.noLines')}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {draft.lines.map((line) => {
          const data = liquor.lineas[line.productId] ?? emptyLiquorLine();
          return (
            <Grid container spacing={1} key={line.productId} sx={{ alignItems: 'center' }}>
              <Grid size={{ xs: 12, md: 4 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {line.codigoProducto} · {line.descripcion}
                </Typography>
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <TextField
                  label={t('liquor.gradoAlcoholico')}
                  value={data.gradoAlcoholico}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  onChange={(e) => decimal(line.productId, 'gradoAlcoholico', e.target.value)}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 2 }}>
                <TextField
                  label={t('liquor.capacidad')}
                  value={data.capacidad}
                  slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  onChange={(e) => decimal(line.productId, 'capacidad', e.target.value)}
                />
              </Grid>
              <Grid size={{ xs: 4, md: 1 }}>
                <TextField
                  select
                  label={t('liquor.unidadCapacidad')}
                  value={data.unidadCapacidad}
                  onChange={(e) =>
                    setLine(line.productId, { unidadCapacidad: e.target.value as CapacityUnit })
                  }
                >
                  {CAPACITY_UNITS.map((u) => (
                    <MenuItem key={u} value={u}>
                      {u}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 8, md: 3 }}>
                <TextField
                  label={t('liquor.bandaGarantia')}
                  value={data.bandaGarantia}
                  onChange={(e) =>
                    setLine(line.productId, { bandaGarantia: e.target.value.slice(0, LIQUOR_LIMITS.banda) })
                  }
                />
              </Grid>
            </Grid>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
