import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { caracasDate, declarationPeriod } from '@sigece/fiscal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/format.ts';
import { type InvoiceCompany, useInvoiceCompanies } from '../invoices/api.ts';
import {
  type DeclarationFile,
  type DownloadedDeclaration,
  declarationsKey,
  declarePeriod,
  downloadDeclaration,
  listDeclarations,
} from './api.ts';
import { NS } from './register.ts';

type Half = 0 | 1 | 2;
const todayHalf = (): Half => (Number(caracasDate().slice(8, 10)) <= 15 ? 1 : 2);

/**
 * The period's declaration files: for one company and one month or fortnight
 * (days 1–15 or 16 to the end), the IVA withholdings TXT and the ISLR withholdings XML the SENIAT portal
 * imports, annulled vouchers left out by the server. A downloaded file can then be confirmed as declared:
 * the server keeps it with its SHA-256 and its vouchers can no longer be annulled.
 */
export function DeclarationFilesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const queryClient = useQueryClient();
  const companies = useInvoiceCompanies();
  const [company, setCompany] = useState<InvoiceCompany | null>(null);
  const [periodo, setPeriodo] = useState(() => caracasDate().slice(0, 7));
  const [half, setHalf] = useState<Half>(todayHalf);
  const [last, setLast] = useState<DownloadedDeclaration | null>(null);
  const ready = Boolean(company && /^\d{4}-\d{2}$/.test(periodo));
  const quincena = half === 0 ? null : half;
  const declared = useQuery({
    queryKey: declarationsKey(company?.id ?? ''),
    queryFn: () => listDeclarations(company?.id ?? ''),
    enabled: Boolean(company),
  });
  const fetchFile = useMutation({
    mutationFn: (kind: DeclarationFile) =>
      company ? downloadDeclaration(kind, company.id, company.rif, periodo, quincena) : Promise.resolve(null),
    onSuccess: (file) => setLast(file),
  });
  const declare = useMutation({
    mutationFn: declarePeriod,
    onSuccess: () => {
      if (!last) return;
      enqueueSnackbar(
        t('files.declared', { periodo: declarationPeriod(last.periodo, last.quincena).etiqueta }),
        { variant: 'success' },
      );
      setLast({ ...last, declarada: new Date().toISOString() });
      void queryClient.invalidateQueries({ queryKey: ['withholdings'] });
    },
  });
  const busy = (kind: DeclarationFile) => fetchFile.isPending && fetchFile.variables === kind;
  const changed = () => setLast(null);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('files.title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t('files.intro')}</DialogContentText>
        <Stack spacing={2}>
          <Autocomplete<InvoiceCompany>
            options={companies.data ?? []}
            value={company}
            loading={companies.isPending}
            onChange={(_, c) => {
              setCompany(c);
              changed();
            }}
            getOptionLabel={(c) => `${c.nombre} (${c.rif})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('new.noCompanies')}
            renderInput={(params) => <TextField {...params} label={t('files.localidad')} required />}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="month"
              label={t('files.periodo')}
              value={periodo}
              required
              fullWidth
              onChange={(e) => {
                setPeriodo(e.target.value);
                changed();
              }}
              helperText={ready ? undefined : t('files.required')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              label={t('files.quincena')}
              value={half}
              fullWidth
              onChange={(e) => {
                setHalf(Number(e.target.value) as Half);
                changed();
              }}
            >
              {([0, 1, 2] as const).map((h) => (
                <MenuItem key={h} value={h}>
                  {t(`files.quincenas.${h}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {last && (
            <Alert
              severity={last.declarada ? 'success' : 'info'}
              data-testid="declaration-downloaded"
              action={
                last.declarada ? undefined : (
                  <Button
                    color="inherit"
                    size="small"
                    startIcon={<TaskAltOutlined />}
                    loading={declare.isPending}
                    disabled={!last.sha256}
                    onClick={() => declare.mutate(last)}
                  >
                    {t('files.declare')}
                  </Button>
                )
              }
            >
              <Typography variant="body2">
                {t('files.downloaded', { nombre: last.nombre, sha: last.sha256.slice(0, 12) })}
              </Typography>
              <Typography variant="body2">
                {last.declarada
                  ? t('files.alreadyDeclared', { fecha: formatDateTime(last.declarada) })
                  : t('files.declareHint')}
              </Typography>
            </Alert>
          )}
          {company && (
            <div>
              <Typography variant="subtitle2">{t('files.declaredTitle')}</Typography>
              {declared.data && declared.data.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('files.declaredEmpty')}
                </Typography>
              ) : (
                <List dense disablePadding data-testid="declared-periods">
                  {(declared.data ?? []).map((d) => (
                    <ListItem key={d.id} disableGutters>
                      <ListItemText
                        primary={t('files.declaredRow', {
                          modelo: d.modelo,
                          periodo: declarationPeriod(
                            d.periodo,
                            d.quincena === 1 || d.quincena === 2 ? d.quincena : null,
                          ).etiqueta,
                          comprobantes: d.comprobantes,
                          fecha: formatDateTime(d.fechaDeclaracion),
                          por: d.declaradoPor,
                        })}
                        secondary={`SHA-256 ${d.sha256}`}
                        slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </div>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
        <Button
          startIcon={<FileDownloadOutlined />}
          disabled={!ready || fetchFile.isPending}
          loading={busy('txt')}
          onClick={() => fetchFile.mutate('txt')}
        >
          {t('files.txt')}
        </Button>
        <Button
          startIcon={<FileDownloadOutlined />}
          disabled={!ready || fetchFile.isPending}
          loading={busy('xml')}
          onClick={() => fetchFile.mutate('xml')}
        >
          {t('files.xml')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
