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
import { MASS_LOAD_MAX_BYTES, MASS_LOAD_MESSAGES, massLoadCounterLabel } from '@sigece/fiscal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api.ts';
import { translateMessage } from '../../app/i18n.ts';
import { errorText, notifyError, notifyErrorText, notifySuccess } from '../../app/notify.ts';
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
/** The notes' types, whose bulk messages are their own (spec 001 §8.3). */
const isNotes = (tipo: string) => tipo === 'nota' || tipo === 'anularNota';

/**
 * The company list's 'Mass load' (spec 000 §2, §4; spec 001 §5.8, §8.7): choose a file type (its
 * template can be downloaded), upload an .xlsx or .xls, then 'Procesar'. A row that cannot become a
 * document is that document's error, listed at once; the file's other documents are processed. Processing runs on the server's job
 * queue: the dialog polls its progress, and closing it stops nothing — reopening shows the company's
 * latest load, running or finished, with the counters and the per-document errors.
 */
export function MassLoadDialog({ company, onClose }: Props) {
  const { t } = useTranslation('massLoad');
  const queryClient = useQueryClient();
  const [tipo, setTipo] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [found, setFound] = useState<number | null>(null);

  const types = useQuery({ queryKey: [...massLoadKey, 'types'], queryFn: fetchFileTypes });
  const latestKey = [...massLoadKey, 'latest', company.id];
  const notes = isNotes(tipo);
  // Spec 000 §8, 001 §8.3 and §8.6: a failed upload or processing says which, with the server's words.
  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return;
    notifyErrorText(
      `${translateMessage(notes ? MASS_LOAD_MESSAGES.notesFailed : MASS_LOAD_MESSAGES.uploadFailed)}${errorText(error, { network: 'ocurrido un error de red' })}`,
    );
  };
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
    setFound(null);
    if (!tipo) return setFileProblem(MASS_LOAD_MESSAGES.chooseType);
    if (!chosen) return setFileProblem(MASS_LOAD_MESSAGES.noFile);
    if (!/\.xlsx?$/i.test(chosen.name)) return setFileProblem(MASS_LOAD_MESSAGES.onlyXlsx);
    if (chosen.size > MASS_LOAD_MAX_BYTES) return setFileProblem(MASS_LOAD_MESSAGES.tooLarge);
    setFileProblem(null);
    setFile(chosen);
  };

  const upload = useMutation({
    meta: { silent: true },
    mutationFn: () => uploadLoad({ localidadId: company.id, tipo, file: file! }),
    onSuccess: (answer) => {
      setStale(false);
      notifySuccess(translateMessage(answer.message));
      setFound(answer.result.documentos.length);
      setLoad(answer.result.carga);
    },
    onError: (error) => {
      // The previous load's result no longer answers what is on screen.
      setStale(true);
      setFound(null);
      failed(error);
    },
  });
  const process = useMutation({
    meta: { silent: true },
    mutationFn: () => processLoad(load!.id),
    onSuccess: (answer) => {
      setFound(null);
      setLoad(answer.result);
    },
    onError: failed,
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
          accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
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
        {load && (
          <LoadState
            load={load}
            percent={percent}
            onResult={() => result.mutate()}
            onFinished={() => {
              if (isNotes(load.tipo)) notifySuccess(translateMessage(MASS_LOAD_MESSAGES.notesDone));
            }}
          />
        )}
      </Stack>
    </FormDialog>
  );
}

/** The running load's progress, or the finished one's counters and per-document errors. */
function LoadState({
  load,
  percent,
  onResult,
  onFinished,
}: {
  load: MassLoadStatus;
  percent: number;
  onResult: () => void;
  onFinished: () => void;
}) {
  const { t, i18n } = useTranslation('massLoad');
  const language = i18n.language === 'en' ? 'en' : 'es';
  // Told once, when a load seen running ends (not when a finished one is reopened).
  const [seenRunning, setSeenRunning] = useState(false);
  const finished = load.estado === 'TERMINADO';
  useEffect(() => {
    if (!finished) setSeenRunning(load.estado !== 'CARGADO');
    else if (seenRunning) {
      setSeenRunning(false);
      onFinished();
    }
  }, [finished, load.estado, seenRunning, onFinished]);
  if (load.estado === 'CARGADO')
    return load.detalleErrores.length > 0 ? (
      <Box>
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('refused', { count: load.detalleErrores.length })}
        </Alert>
        <ErrorTable load={load} />
      </Box>
    ) : null;
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
              <TableCell>{massLoadCounterLabel(name, language)}</TableCell>
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
      <ErrorTable load={load} />
      <Button startIcon={<Download />} onClick={onResult} sx={{ mt: 1 }}>
        {t('result')}
      </Button>
    </Box>
  );
}

/** Spec 001 §8.7: the per-document errors (document number, its sheet rows, the message). */
function ErrorTable({ load }: { load: MassLoadStatus }) {
  const { t } = useTranslation('massLoad');
  if (load.detalleErrores.length === 0) return null;
  return (
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
  );
}
