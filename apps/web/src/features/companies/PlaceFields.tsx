import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useEstados, useMunicipios } from './api.ts';

interface Props {
  estado: string;
  municipio: string;
  onEstado: (id: string) => void;
  onMunicipio: (id: string) => void;
  estadoError?: string;
  municipioError?: string;
  estadoLabel: string;
  municipioLabel: string;
}

/**
 * Estado and municipio selects: states from GET /v2/mantenimiento/estado/listar?limit=100, the
 * municipalities of the chosen state from /regiones/getmunicipios?estado={id}&limit=500.
 */
export function PlaceFields({
  estado,
  municipio,
  onEstado,
  onMunicipio,
  estadoError,
  municipioError,
  estadoLabel,
  municipioLabel,
}: Props) {
  const { t } = useTranslation('companies');
  const estados = useEstados();
  const municipios = useMunicipios(estado || undefined);
  // A value not (yet) among the options would make MUI warn: show it empty until the list arrives.
  const estadoValue = estados.data?.some((e) => e.id === estado) ? estado : '';
  const municipioValue = municipios.data?.some((m) => m.id === municipio) ? municipio : '';
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          required
          label={estadoLabel}
          value={estadoValue}
          onChange={(e) => {
            onEstado(e.target.value);
            onMunicipio('');
          }}
          error={!!estadoError}
          helperText={estadoError}
        >
          {(estados.data ?? []).map((e) => (
            <MenuItem key={e.id} value={e.id}>
              {e.nombre}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          required
          label={municipioLabel}
          value={municipioValue}
          onChange={(e) => onMunicipio(e.target.value)}
          disabled={!estado}
          error={!!municipioError}
          helperText={municipioError ?? (!estado ? t('companies.hints.selectEstado') : undefined)}
        >
          {(municipios.data ?? []).map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.nombre}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </>
  );
}

/** "(###) #######" as the user types digits (spec 000 §5 branch phone). */
export function phoneMask(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
}
