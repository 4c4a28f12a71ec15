import type { AssignedNumbersFormat, MonthlyReportStateRow, MonthlyReportStates } from '@sigece/fiscal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFile } from '../../../app/api.ts';

const R = '/v2/reportes/seniat/numerosAsignados';
const STATES_KEY = ['seniat-monthly-states'];

/** The last 12 months' states and the year's overdue count (provider only). */
export const useMonthlyStates = (enabled: boolean) =>
  useQuery({ queryKey: STATES_KEY, queryFn: () => api<MonthlyReportStates>(`${R}/estados`), enabled });

export function useGenerateMonthly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (periodo: string) =>
      api<{ message: string; result: { sha256: string } }>(`${R}/generar`, {
        method: 'POST',
        body: { periodo },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: STATES_KEY }),
  });
}

export function useMarkSent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { periodo: string; nroRecibo?: string }) =>
      api<{ message: string; result: MonthlyReportStateRow }>(`${R}/enviado`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: STATES_KEY }),
  });
}

/** Downloads the month's report as XLSX, PDF or CSV (the machine-readable file). */
export async function downloadMonthly(periodo: string, formato: AssignedNumbersFormat): Promise<void> {
  const { blob, name } = await apiFile(`${R}/descargar`, { query: { periodo, formato } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name ?? `ReporteNumerosAsignados_${periodo}.${formato.toLowerCase()}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
