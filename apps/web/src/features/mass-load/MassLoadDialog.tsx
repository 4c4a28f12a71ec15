import './register.ts';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MASS_LOAD_MAX_BYTES, MASS_LOAD_MESSAGES } from '@sigece/fiscal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type FieldError } from '../../app/api.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import type { Company } from '../companies/api.ts';
import { FileField } from '../companies/FileField.tsx';
import {
  downloadResult,
  downloadTemplate,
  fetchFileTypes,
  fetchLatestLoad,
  type MassLoadStatus,
  massLoadKey,
  processLoad,
  uploadLoad,
} from './api.ts';

interface Props {
  company: Company;
  onClose: () => void;
}

const running = (load: MassLoadStatus | null | undefined) =>
  load?.estado === 'EN_COLA' || load?.estado === 'PROCESANDO';

/**
 * The company list's 'Mass load' (spec 000 §2, §4; spec 001 §5.8, §8.7): choose a file type (its
 * template can be downloaded), upload an .xlsx, then 'Procesar'. Processing runs on the server's job
 * queue: the dialog polls its progress, and closing it stops nothing — reopening shows the company's
 * latest load, running or finished, with the counters and the per-document errors.
 */
export function MassLoadDialog({ company, onClose }: Props) {
  const { t } = useTranslation('massLoad');
  const queryClient = useQueryClient();
  const [tipo, setTipo] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [rowErrors, setRowErrors] = useState<FieldError[]>([]);
  const [found, setFound] = useState<number | null>(null);

  const types = useQuery({ queryKey: [...massLoadKey, 'types'], queryFn: fetchFileTypes });
  const latestKey = [...massLoadKey, 'latest', company.id];
  const latest = useQuery({
    queryKey: latestKey,
    queryFn: () => fetchLatestLoad(company.id),
    refetchInterval: (query) => (running(query.state.data?.result) ? 1000 : false),
  });
  // A failed upload hides the previous load's result, which no longer answers what is on screen.
  const [stale, setStale] = useState(false);
  const load = stale ? null : (latest.data?.result ?? null);
  const setLoad = (next: MassLoadStatus) =>
    queryClient.setQueryData(latestKey, { code: 200, message: '', result: next });

  const choose = (chosen: File | null) => {
    setFile(null);
    setRowErrors([]);
    setFound(null);
    if (!tipo) return setFileProblem(MASS_LOAD_MESSAGES.chooseType);
    if (!chosen) return setFileProblem(MASS_LOAD_MESSAGES.noFile);
    if (!/\.xlsx$/i.test(chosen.name)) return setFileProblem(MASS_LOAD_MESSAGES.onlyXlsx);
    if (chosen.size > MASS_LOAD_MAX_BYTES) return setFileProblem(MASS_LOAD_MESSAGES.tooLarge);
    setFileProblem(null);
    setFile(chosen);
  };

  const upload = useMutation({
    mutationFn: () => uploadLoad({ localidadId: company.id, tipo, file: file! }),
    onSuccess: (answer) => {
      setStale(false);
      notifySuccess(translateMessage(answer.message));
      setFound(answer.result.documentos.length);
      setLoad(answer.result.carga);
    },
    onError: (error) => {
      setStale(true);
      notifyError(error);
      if (error instanceof ApiError) setRowErrors(error.errors);
    },
  });
  const process = useMutation({
    mutationFn: () => processLoad(load!.id),
    onSuccess: (answer) => {
      setFound(null);
      setLoad(answer.result);
    },
    onError: notifyError,
  });
  const template = useMutation({ mutationFn: () => downloadTemplate(tipo), onError: notifyError });
  const result = useMutation({ mutationFn: () => downloadResult(load!), onError: notifyError });

  const busy = running(load);
  const canProcess = load?.estado === 'CARGADO' && !busy;
  const percent = load && load.total > 0 ? Math.round((load.procesados / load.total) * 100) : 0;

  return (
    <FormDialog
      open
      readOnly
      maxWidth="md"
      title={t('title', { name: company.nombre })}
      onSubmit={(e) => e.preventDefault()}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label={t('type')}
            value={tipo}
            onChange={(e) => {
              setTipo(e.target.value);
              setFileProblem(null);
            }}
            disabled={busy}
            sx={{ minWidth: 260 }}
            slotProps={{ htmlInput: { 'aria-label': t('type') } }}
          >
            {(types.data?.result ?? []).map((type) => (
              <MenuItem key={type.tipo} value={type.tipo}>
                {t(`types.${type.tipo}`, { defaultValue: type.nombre })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            startIcon={<Download />}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            disabled={!tipo}
            loading={template.isPending}
            onClick={() => template.mutate()}
          >
            {t('template')}
          </Button>
        </Stack>
        <FileField
          label={t('file')}
          buttonLabel={t('choose')}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          fileName={file?.name}
          emptyText={t('noFile')}
          hint={t('hint')}
          error={fileProblem ? translateMessage(fileProblem) : undefined}
          onFile={choose}
        />
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            disabled={!file || !tipo || busy}
            loading={upload.isPending}
            onClick={() => upload.mutate()}
          >
            {t('upload')}
          </Button>
          <Button
            variant="contained"
            disabled={!canProcess}
            loading={process.isPending}
            onClick={() => process.mutate()}
          >
            {t('process')}
          </Button>
        </Stack>
        {found !== null && load?.estado === 'CARGADO' && (
          <Alert severity="success">{t('found', { count: found, rows: load.filas })}</Alert>
        )}
        {rowErrors.length > 0 && (
          <Alert severity="error">
            <Typography variant="subtitle2">{t('rowErrors')}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2, maxHeight: 200, overflow: 'auto' }}>
              {rowErrors.map((e) => (
                <li key={`${e.path}-${e.message}`}>
                  {e.path}: {e.message}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {load && <LoadState load={load} percent={percent} onResult={() => result.mutate()} />}
      </Stack>
    </FormDialog>
  );
}

/** The running load's progress, or the finished one's counters and per-document errors. */
function LoadState({
  load,
  percent,
  onResult,
}: {
  load: MassLoadStatus;
  percent: number;
  onResult: () => void;
}) {
  const { t } = useTranslation('massLoad');
  if (load.estado === 'CARGADO') return null;
  if (load.estado !== 'TERMINADO') {
    return (
      <Box role="status" aria-live="polite">
        <Alert severity="info" sx={{ mb: 1 }}>
          {translateMessage(MASS_LOAD_MESSAGES.processing)}
        </Alert>
        <LinearProgress
          variant={load.estado === 'EN_COLA' ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label={t('progress', { done: load.procesados, total: load.total })}
        />
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {load.estado === 'EN_COLA'
            ? t('queued')
            : t('progress', { done: load.procesados, total: load.total })}
          {load.segundosRestantes !== null && ` · ${t('remaining', { seconds: load.segundosRestantes })}`}
        </Typography>
      </Box>
    );
  }
  return (
    <Box>
      <Typography variant="subtitle2">
        {t('finished')} · {t('previous', { file: load.nombreArchivo, date: formatDateTime(load.fechaCarga) })}
      </Typography>
      <Table size="small" aria-label={t('counters')} sx={{ my: 1, maxWidth: 420 }}>
        <TableBody>
          {Object.entries(load.resultado).map(([name, value]) => (
            <TableRow key={name}>
              <TableCell>{name}</TableCell>
              <TableCell align="right" data-counter={name}>
                {value}
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell>{t('existing')}</TableCell>
            <TableCell align="right">{load.existentes}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {load.detalleErrores.length > 0 && (
        <Table size="small" aria-label={t('errors')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('document')}</TableCell>
              <TableCell>{t('rows')}</TableCell>
              <TableCell>{t('message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {load.detalleErrores.map((e) => (
              <TableRow key={`${e.numero}-${e.filas}`}>
                <TableCell>{e.numero}</TableCell>
                <TableCell>{e.filas}</TableCell>
                <TableCell>{translateMessage(e.msg)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Button startIcon={<Download />} onClick={onResult} sx={{ mt: 1 }}>
        {t('result')}
      </Button>
    </Box>
  );
}
