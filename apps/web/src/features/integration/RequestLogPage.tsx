import './requestLog.i18n.ts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableQuery } from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import { fetchRequestLog, type RequestLogRow, requestLogKey } from './requestLog.api.ts';
import { REQUEST_LOG_NS } from './requestLog.i18n.ts';

const rowId = (r: RequestLogRow) => String(r.id);

/**
 * The integrators' request log, the log tab of the integration screen: every call of an
 * integration route of the companies the user administers (or the user's own calls), newest first, with
 * server-side paging and search, an 'only errors' filter and each call's masked body in its detail panel.
 */
export default function RequestLogPage() {
  const { t } = useTranslation(REQUEST_LOG_NS);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const fetchPage = (q: DataTableQuery, signal?: AbortSignal) =>
    fetchRequestLog({ ...q, errores: onlyErrors }, signal);

  const columns: DataTableColumn<RequestLogRow>[] = [
    {
      id: 'fecha',
      header: t('columns.fecha'),
      nowrap: true,
      value: (r) => r.fecha,
      render: (r) => <DateText value={r.fecha} withTime />,
    },
    { id: 'llamante', header: t('columns.llamante'), value: (r) => r.llamante },
    { id: 'ruta', header: t('columns.ruta'), value: (r) => `${r.metodo} ${r.ruta}` },
    { id: 'status', header: t('columns.status'), align: 'right', nowrap: true, value: (r) => r.status },
    { id: 'aceptados', header: t('columns.aceptados'), align: 'right', value: (r) => r.aceptados ?? '' },
    { id: 'rechazados', header: t('columns.rechazados'), align: 'right', value: (r) => r.rechazados ?? '' },
    { id: 'duracion', header: t('columns.duracion'), align: 'right', value: (r) => r.duracionMs },
    {
      id: 'idempotencyKey',
      header: t('columns.idempotencyKey'),
      code: true,
      value: (r) => r.idempotencyKey ?? '',
    },
  ];

  return (
    <DataTable<RequestLogRow>
      title={t('title')}
      queryKey={[...requestLogKey, onlyErrors]}
      fetchPage={fetchPage}
      columns={columns}
      getRowId={rowId}
      isInactive={(r) => r.status >= 400}
      exportName="registro-integracion"
      searchPlaceholder={t('searchPlaceholder')}
      resetKey={onlyErrors}
      toolbar={
        <FormControlLabel
          control={<Checkbox checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />}
          label={t('onlyErrors')}
        />
      }
      renderDetail={(r) => (
        <Box sx={{ p: 1 }}>
          <Typography variant="subtitle2">{t('body')}</Typography>
          <Typography
            component="pre"
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0 }}
          >
            {r.cuerpo ?? t('noBody')}
          </Typography>
        </Box>
      )}
    />
  );
}
