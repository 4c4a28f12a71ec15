import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { caracasDate, MONTHS, monthRange } from '@sigece/fiscal';
import { useState } from 'react';
import { CompanyBranchDateFields, type CompanyBranchDates, datesInverted } from '../../documents/index.ts';
import { useInvoiceCompanies } from '../../invoices/api.ts';

/** The month this year's picker starts on: the current one in Caracas. */
function currentMonth(): { year: number; month: number } {
  const today = caracasDate();
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

export interface BookRequest {
  fechaInicio: string;
  fechaFin: string;
  id_localidad: string;
  id_sucursal?: string;
}

/**
 * A book's period: company, branch, and a month (1 to 12, Enero to Diciembre) or a date range. Returns
 * whether a book can be asked for, the request, and the fields (company, branch, dates, month picker).
 */
export function useBookPeriod(monthLabel: string) {
  const companies = useInvoiceCompanies();
  const start = currentMonth();
  const [month, setMonth] = useState(start.month);
  const [values, setValues] = useState<CompanyBranchDates>(() => monthRange(start.year, start.month));
  const set = (patch: CompanyBranchDates) => setValues((v) => ({ ...v, ...patch }));
  const ready = Boolean(
    values.id_localidad && values.fechaInicio && values.fechaFin && !datesInverted(values),
  );
  const request = (): BookRequest => ({
    fechaInicio: values.fechaInicio ?? '',
    fechaFin: values.fechaFin ?? '',
    id_localidad: values.id_localidad ?? '',
    id_sucursal: values.id_sucursal || undefined,
  });
  const chooseMonth = (m: number) => {
    setMonth(m);
    const year = Number((values.fechaInicio ?? caracasDate()).slice(0, 4));
    set(monthRange(year, m));
  };
  const fields = (
    <CompanyBranchDateFields
      values={values}
      set={set}
      companies={companies.data ?? []}
      loading={companies.isPending}
    >
      <TextField
        select
        fullWidth
        label={monthLabel}
        value={month}
        onChange={(e) => chooseMonth(Number(e.target.value))}
      >
        {MONTHS.map((name, i) => (
          <MenuItem key={name} value={i + 1}>
            {name}
          </MenuItem>
        ))}
      </TextField>
    </CompanyBranchDateFields>
  );
  return { ready, request, fields };
}
