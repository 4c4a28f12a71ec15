import './i18n.ts';
import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/form/DateField.tsx';
import { DOCUMENTS_NS } from './i18n.ts';

/** The filter fields every document list shares (spec 001 §2.2, §2.3): company, branch, from, to. */
export interface CompanyBranchDates {
  id_localidad?: string;
  id_sucursal?: string;
  fechaInicio?: string;
  fechaFin?: string;
}

export interface FilterCompany {
  id: string;
  nombre: string;
  rif: string;
  lstSucursales: ReadonlyArray<{ id: string; nombre: string; codigoSucursal: string }>;
}

/** 'Hasta' before 'Desde': the dialog does not search. */
export const datesInverted = (v: CompanyBranchDates) =>
  Boolean(v.fechaInicio && v.fechaFin && v.fechaInicio > v.fechaFin);

/**
 * Grid items of a filter dialog: company and branch (the autocompletes say 'No hay Localidades' and
 * 'No hay Sucursales Asociadas' when empty), the family's number field (`children`), from and to.
 */
export function CompanyBranchDateFields<C extends FilterCompany>({
  values,
  set,
  companies,
  loading,
  children,
}: {
  values: CompanyBranchDates;
  set: (patch: CompanyBranchDates) => void;
  companies: C[];
  loading: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation(DOCUMENTS_NS);
  const company = companies.find((c) => c.id === values.id_localidad) ?? null;
  const branches = company?.lstSucursales ?? [];
  const branch = branches.find((b) => b.id === values.id_sucursal) ?? null;
  const inverted = datesInverted(values);
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Autocomplete<C>
          options={companies}
          value={company}
          loading={loading}
          onChange={(_, c) => set({ id_localidad: c?.id ?? '', id_sucursal: '' })}
          getOptionLabel={(c) => `${c.nombre} (${c.rif})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('filter.noCompanies')}
          loadingText={t('app:loading')}
          renderInput={(params) => <TextField {...params} label={t('filter.localidad')} />}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Autocomplete
          options={branches}
          value={branch}
          disabled={!company}
          onChange={(_, b) => set({ id_sucursal: b?.id ?? '' })}
          getOptionLabel={(b) => `${b.codigoSucursal} - ${b.nombre}`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('filter.noBranches')}
          renderInput={(params) => <TextField {...params} label={t('filter.sucursal')} />}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{children}</Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <DateField
          label={t('filter.desde')}
          value={values.fechaInicio ?? ''}
          onChange={(e) => set({ fechaInicio: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      <Grid size={{ xs: 6, sm: 4 }}>
        <DateField
          label={t('filter.hasta')}
          value={values.fechaFin ?? ''}
          onChange={(e) => set({ fechaFin: e.target.value })}
          error={inverted}
          helperText={inverted ? t('filter.datesInverted') : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
    </>
  );
}
