import './register.ts';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { tasaCambioSchema } from '@sigece/fiscal';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { useCanWriteScreen } from '../../app/permissions.ts';
import {
  DataTable,
  type DataTableColumn,
  type DataTableQuery,
  pinRow,
} from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import { isoDay } from '../../components/format.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { createTasa, divisas, fetchTasas, type Tasa, tasasKey, useAllDivisas } from './api.ts';
import { BcvButtons } from './BcvButtons.tsx';
import { NS, RateText, today } from './common.tsx';

const rowId = (r: Tasa) => r.id;
/** The history is searched by currency code: USD, EUR... */
const fetchPage = (q: DataTableQuery, signal?: AbortSignal) =>
  fetchTasas({ ...q, iso: q.search.trim().toUpperCase() || undefined }, signal);

/**
 * /mantenimiento/TasaCambio 'Tasa Cambio': the rates by date (GET tasas), a manual entry (POST tasa)
 * and the central bank's official rates (read: GetDivisasBcv; store: DivisasActualizar).
 */
export default function TasaCambioPage() {
  const { t } = useTranslation(NS);
  const canWrite = useCanWriteScreen();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const currencies = useAllDivisas();

  const columns: DataTableColumn<Tasa>[] = [
    { id: 'fecha', header: t('tasas.columns.fecha'), value: (r) => isoDay(r.fecha) },
    { id: 'iso', header: t('tasas.columns.iso'), value: (r) => r.iso },
    {
      id: 'valor',
      header: t('tasas.columns.valor'),
      align: 'right',
      value: (r) => r.valor,
      render: (r) => <RateText value={r.valor} />,
    },
    {
      id: 'fuente',
      header: t('tasas.columns.fuente'),
      value: (r) => t(`tasas.sources.${r.fuente}`, { defaultValue: r.fuente }),
    },
    { id: 'usuario', header: t('tasas.columns.usuario'), value: (r) => r.logUsername },
    {
      id: 'registrado',
      header: t('tasas.columns.registrado'),
      value: (r) => r.logFechaRegistro,
      render: (r) => <DateText value={r.logFechaRegistro} withTime />,
    },
  ];

  const options = (currencies.data ?? [])
    .filter((d) => d.logEstatusRegistro === 'ACTIVO' && d.iso !== 'VEF' && d.iso !== 'VES')
    .map((d) => ({ value: d.iso, label: `${d.iso} - ${d.nombre}` }));

  return (
    <>
      <DataTable<Tasa>
        title={t('tasas.title')}
        queryKey={tasasKey}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={rowId}
        isInactive={() => false}
        exportName="tasas-cambio"
        searchPlaceholder={t('tasas.searchPlaceholder')}
        toolbar={
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <BcvButtons invalidate={[tasasKey, divisas.key]} />
            {canWrite && (
              <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
                {t('tasas.add')}
              </Button>
            )}
          </Stack>
        }
      />
      {adding && (
        <SchemaFormDialog<{ iso: string; fecha: string; valor: string }, Tasa>
          title={t('tasas.addTitle')}
          schema={tasaCambioSchema}
          defaultValues={{ iso: 'USD', fecha: today(), valor: '' }}
          fields={() => [
            { name: 'iso', label: t('tasas.fields.iso'), kind: 'select', required: true, size: 6, options },
            { name: 'fecha', label: t('tasas.fields.fecha'), kind: 'date', required: true, size: 6 },
            {
              name: 'valor',
              label: t('tasas.fields.valor'),
              required: true,
              inputMode: 'decimal',
              mask: (v) => v.replace(/[^\d.,]/g, ''),
            },
          ]}
          submit={createTasa}
          onSaved={(rate, message) => {
            pinRow(queryClient, tasasKey, rowId, rate);
            notifySuccess(translateMessage(message));
            void queryClient.invalidateQueries({ queryKey: tasasKey });
            void queryClient.invalidateQueries({ queryKey: divisas.key });
            setAdding(false);
          }}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
