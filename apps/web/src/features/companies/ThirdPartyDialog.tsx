import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CLIENT_DOCUMENT_TYPES, thirdPartyFormSchema } from '@sigece/fiscal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api.ts';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DocumentNumberField } from '../../components/form/index.ts';
import {
  addThirdParty,
  type Company,
  companiesKey,
  deleteThirdParty,
  fetchThirdParties,
  type ThirdParty,
  type ThirdPartyBody,
  thirdPartiesKey,
  updateThirdParty,
} from './api.ts';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'update'; account: ThirdParty };

interface ThirdPartyForm {
  tipoDocumento: string;
  numeroDocumento: string;
  nombrePrestador: string;
  domicilioPrestador: string;
}

const FIELDS = ['tipoDocumento', 'numeroDocumento', 'nombrePrestador', 'domicilioPrestador'];

/**
 * Third-party accounts (spec 000 §2, §4): list mode with delete and select-to-edit; add mode, automatic
 * when the list is empty; update mode; a success returns to the list.
 */
export function ThirdPartyDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const { t } = useTranslation('companies');
  const queryClient = useQueryClient();
  const titleId = useId();
  const key = thirdPartiesKey(company.id);
  const accounts = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchThirdParties(company.id, signal).then((a) => a.results),
  });
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [deleting, setDeleting] = useState<ThirdParty | null>(null);
  const empty = accounts.isSuccess && accounts.data.length === 0;

  // An empty list opens the add mode by itself.
  useEffect(() => {
    if (empty && mode.kind === 'list') setMode({ kind: 'add' });
  }, [empty, mode.kind]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: companiesKey });
  };

  const remove = useMutation({
    mutationFn: (account: ThirdParty) => deleteThirdParty(account.id),
    onSuccess: (answer) => {
      notifySuccess(translateMessage(answer.message));
      setDeleting(null);
      refresh();
    },
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('companies.thirdParty.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('companies.thirdParty.company', { name: company.nombre })}
          </Typography>
          {accounts.isPending && <CircularProgress size={24} />}
          {mode.kind === 'list' && accounts.data && (
            <>
              <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                <Button variant="contained" startIcon={<Add />} onClick={() => setMode({ kind: 'add' })}>
                  {t('companies.thirdParty.add')}
                </Button>
              </Stack>
              <TableContainer>
                <Table size="small" aria-labelledby={titleId}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('companies.thirdParty.columns.nombre')}</TableCell>
                      <TableCell>{t('companies.thirdParty.columns.rif')}</TableCell>
                      <TableCell>{t('companies.thirdParty.columns.domicilio')}</TableCell>
                      <TableCell align="right">{t('app:table.actions')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {accounts.data.map((account) => (
                      <TableRow key={account.id} hover>
                        <TableCell>{account.nombrePrestador}</TableCell>
                        <TableCell>{account.rifPrestador}</TableCell>
                        <TableCell>{account.domicilioPrestador}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                          <Tooltip title={t('companies.thirdParty.edit', { name: account.nombrePrestador })}>
                            <IconButton
                              size="small"
                              color="primary"
                              aria-label={t('companies.thirdParty.edit', { name: account.nombrePrestador })}
                              onClick={() => setMode({ kind: 'update', account })}
                            >
                              <EditOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip
                            title={t('companies.thirdParty.delete', { name: account.nombrePrestador })}
                          >
                            <IconButton
                              size="small"
                              color="error"
                              aria-label={t('companies.thirdParty.delete', { name: account.nombrePrestador })}
                              onClick={() => setDeleting(account)}
                            >
                              <DeleteOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
          {mode.kind !== 'list' && (
            <ThirdPartyFormView
              key={mode.kind === 'update' ? mode.account.id : 'add'}
              company={company}
              account={mode.kind === 'update' ? mode.account : undefined}
              emptyList={empty}
              onCancel={() => setMode({ kind: 'list' })}
              onSaved={(message, saved) => {
                notifySuccess(translateMessage(message));
                // The list shows the record at once (an empty list would otherwise reopen add mode).
                queryClient.setQueryData<ThirdParty[]>(key, (rows = []) =>
                  rows.some((r) => r.id === saved.id)
                    ? rows.map((r) => (r.id === saved.id ? saved : r))
                    : [...rows, saved],
                );
                refresh();
                setMode({ kind: 'list' });
              }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app:actions.close')}</Button>
      </DialogActions>
      <ConfirmDialog
        open={deleting !== null}
        title={t('companies.thirdParty.deleteTitle')}
        message={t('companies.thirdParty.deleteText', { name: deleting?.nombrePrestador })}
        confirmLabel={t('companies.thirdParty.deleteConfirm')}
        color="error"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Dialog>
  );
}

interface FormProps {
  company: Company;
  account?: ThirdParty;
  emptyList: boolean;
  onCancel: () => void;
  onSaved: (message: string, account: ThirdParty) => void;
}

/** The add / update form; the RIF is sent joined as "J-123456789". */
function ThirdPartyFormView({ company, account, emptyList, onCancel, onSaved }: FormProps) {
  const { t } = useTranslation('companies');
  const headingId = useId();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ThirdPartyForm>({
    resolver: schemaResolver<ThirdPartyForm>(thirdPartyFormSchema),
    defaultValues: {
      tipoDocumento: account?.tipoDocumento || 'J',
      numeroDocumento: account?.numeroDocumento ?? '',
      nombrePrestador: account?.nombrePrestador ?? '',
      domicilioPrestador: account?.domicilioPrestador ?? '',
    },
  });
  const save = useMutation({
    mutationFn: (body: ThirdPartyBody) =>
      account ? updateThirdParty(account.id, body) : addThirdParty(body),
  });
  const onSubmit = handleSubmit(async (values) => {
    const body: ThirdPartyBody = {
      localidad: company.id,
      nombrePrestador: values.nombrePrestador,
      domicilioPrestador: values.domicilioPrestador,
      rifPrestador: `${values.tipoDocumento}-${values.numeroDocumento}`,
    };
    try {
      const answer = await save.mutateAsync(body);
      onSaved(answer.message, answer.result);
    } catch (error) {
      // The server checks the joined RIF: its message goes next to the number.
      if (error instanceof ApiError) {
        for (const item of error.errors) {
          if (item.path === 'rifPrestador')
            setError('numeroDocumento', { type: 'server', message: item.message });
        }
      }
      applyServerErrors(error, setError, FIELDS);
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {account ? t('companies.thirdParty.updateTitle') : t('companies.thirdParty.addTitle')}
      </Typography>
      {emptyList && !account && (
        <Alert severity="info" variant="outlined">
          {t('companies.thirdParty.empty')}
        </Alert>
      )}
      <Grid container spacing={2}>
        <DocumentNumberField<ThirdPartyForm>
          control={control}
          types={CLIENT_DOCUMENT_TYPES}
          typeLabel={t('companies.thirdParty.fields.tipoDocumento')}
          numberLabel={t('companies.thirdParty.fields.numeroDocumento')}
        />
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('nombrePrestador')}
            required
            label={t('companies.thirdParty.fields.nombrePrestador')}
            error={!!errors.nombrePrestador}
            helperText={fieldMessage(errors.nombrePrestador?.message)}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...register('domicilioPrestador')}
            required
            multiline
            minRows={2}
            label={t('companies.thirdParty.fields.domicilioPrestador')}
            error={!!errors.domicilioPrestador}
            helperText={fieldMessage(errors.domicilioPrestador?.message)}
          />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {!emptyList && <Button onClick={onCancel}>{t('companies.thirdParty.back')}</Button>}
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('app:actions.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
