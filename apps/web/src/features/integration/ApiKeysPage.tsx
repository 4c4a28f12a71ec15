import './register.ts';
import Add from '@mui/icons-material/Add';
import Block from '@mui/icons-material/Block';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  API_KEY_ACTIONS,
  type ApiKeyAction,
  type ApiKeyCreated,
  type ApiKeyRow,
  apiKeyCreateSchema,
  screen,
} from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { notifyError, notifySuccess } from '../../app/notify.ts';
import { useScreenPermission } from '../../app/permissions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { formatDateTime } from '../../components/format.ts';
import { useBranchOptions, useCompanyOptions } from '../catalog/api.ts';
import { apiKeysKey, createApiKey, fetchApiKeys, revokeApiKey } from './api.ts';

const KEYS_SCREEN = screen('/integracion/claves');

/**
 * /integracion/claves: a company's API keys — listed with their prefix, actions,
 * environment, creation and last use; created in a dialog that shows the whole key once, with a copy
 * button; revoked after a confirmation.
 */
export default function ApiKeysPage() {
  const { t } = useTranslation('integration');
  const can = useScreenPermission(KEYS_SCREEN);
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const revoke = useMutation({
    mutationFn: (row: ApiKeyRow) => revokeApiKey(row.id),
    onSuccess: async () => {
      notifySuccess(t('apiKeys.revoke.done'));
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: apiKeysKey });
    },
    onError: (error) => notifyError(error),
  });
  const columns: DataTableColumn<ApiKeyRow>[] = [
    { id: 'nombre', header: t('apiKeys.columns.nombre'), value: (r) => r.nombre },
    { id: 'localidad', header: t('apiKeys.columns.localidad'), value: (r) => r.localidadNombre },
    {
      id: 'prefijo',
      header: t('apiKeys.columns.prefijo'),
      value: (r) => r.prefijo,
      nowrap: true,
      code: true,
    },
    {
      id: 'acciones',
      header: t('apiKeys.columns.acciones'),
      value: (r) => r.acciones.map((a) => t(`apiKeys.actions.${a}`)).join(', '),
    },
    {
      id: 'entorno',
      header: t('apiKeys.columns.entorno'),
      value: (r) => t(r.prueba ? 'apiKeys.env.test' : 'apiKeys.env.live'),
      render: (r) => (
        <Chip
          size="small"
          color={r.prueba ? 'warning' : 'primary'}
          label={t(r.prueba ? 'apiKeys.env.test' : 'apiKeys.env.live')}
        />
      ),
    },
    {
      id: 'creada',
      header: t('apiKeys.columns.creada'),
      value: (r) => formatDateTime(r.creadaEn),
      nowrap: true,
    },
    {
      id: 'ultimoUso',
      header: t('apiKeys.columns.ultimoUso'),
      value: (r) => (r.ultimoUso ? formatDateTime(r.ultimoUso) : t('apiKeys.never')),
      nowrap: true,
    },
    {
      id: 'estatus',
      header: t('apiKeys.columns.estatus'),
      value: (r) => t(r.revocadaEn ? 'apiKeys.status.revoked' : 'apiKeys.status.active'),
    },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('apiKeys.intro')}
      </Typography>
      <DataTable<ApiKeyRow>
        title={t('apiKeys.title')}
        queryKey={apiKeysKey}
        fetchPage={fetchApiKeys}
        columns={columns}
        getRowId={(r) => r.id}
        isInactive={(r) => r.revocadaEn !== null}
        exportName="claves-api"
        searchPlaceholder={t('apiKeys.search')}
        toolbar={
          can('add') ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              {t('apiKeys.add')}
            </Button>
          ) : undefined
        }
        actions={{
          extra: [
            {
              key: 'revoke',
              label: t('apiKeys.revoke.action'),
              icon: <Block fontSize="small" />,
              allowed: can('revoke'),
              onClick: (row) => setRevoking(row),
            },
          ],
        }}
      />
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={() => queryClient.invalidateQueries({ queryKey: apiKeysKey })}
        />
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('apiKeys.revoke.title')}
        message={t('apiKeys.revoke.message', {
          name: revoking?.nombre ?? '',
          prefix: revoking?.prefijo ?? '',
        })}
        confirmLabel={t('apiKeys.revoke.action')}
        color="error"
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}

/** The form, then — once created — the key itself, shown this one time with a copy button. */
function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('integration');
  const { t: tc } = useTranslation();
  const companies = useCompanyOptions();
  const options = companies.data ?? [];
  const branches = useBranchOptions();
  const [localidad, setLocalidad] = useState('');
  const [sucursal, setSucursal] = useState('');
  const [nombre, setNombre] = useState('');
  const [acciones, setAcciones] = useState<ApiKeyAction[]>(['emitir', 'consultar']);
  const [prueba, setPrueba] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const company = localidad || (options.length === 1 ? options[0].id : '');
  const branchOptions = (branches.data ?? []).filter((b) => b.id_localidad === company);
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (answer) => {
      setCreated(answer);
      onCreated();
    },
    onError: (error) => notifyError(error),
  });
  const submit = () => {
    const parsed = apiKeyCreateSchema.safeParse({
      localidad: company,
      sucursal: sucursal || null,
      nombre,
      acciones,
      prueba,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[String(issue.path[0])] ??= translateMessage(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.clave);
    notifySuccess(t('apiKeys.created.copied'));
  };
  if (created)
    return (
      <Dialog open maxWidth="sm" fullWidth aria-labelledby="api-key-created">
        <DialogTitle id="api-key-created">{t('apiKeys.created.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity="warning">{t('apiKeys.created.warning')}</Alert>
            <TextField
              value={created.clave}
              slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
              fullWidth
              multiline
              label={created.prefijo}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button startIcon={<ContentCopy />} onClick={copy}>
            {t('apiKeys.created.copy')}
          </Button>
          <Button variant="contained" onClick={onClose}>
            {t('apiKeys.created.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="api-key-form"
    >
      <DialogTitle id="api-key-form">{t('apiKeys.form.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            required
            label={t('apiKeys.form.localidad')}
            value={company}
            onChange={(e) => {
              setLocalidad(e.target.value);
              setSucursal('');
            }}
            error={Boolean(errors.localidad)}
            helperText={errors.localidad}
          >
            {options.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.nombre}
              </MenuItem>
            ))}
          </TextField>
          {branchOptions.length > 0 && (
            <TextField
              select
              label={t('apiKeys.form.sucursal')}
              value={sucursal}
              onChange={(e) => setSucursal(e.target.value)}
              error={Boolean(errors.sucursal)}
              helperText={errors.sucursal}
            >
              <MenuItem value="">{t('apiKeys.form.todaLaEmpresa')}</MenuItem>
              {branchOptions.map((b) => (
                <MenuItem key={b.id} value={b.id}>
                  {b.nombre}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            required
            label={t('apiKeys.form.nombre')}
            value={nombre}
            onChange={(e) => setNombre(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 60 } }}
            error={Boolean(errors.nombre)}
            helperText={errors.nombre}
          />
          <div>
            <FormLabel>{t('apiKeys.form.acciones')}</FormLabel>
            <FormGroup row>
              {API_KEY_ACTIONS.map((a) => (
                <FormControlLabel
                  key={a}
                  label={t(`apiKeys.actions.${a}`)}
                  control={
                    <Checkbox
                      checked={acciones.includes(a)}
                      onChange={(e) =>
                        setAcciones((now) => (e.target.checked ? [...now, a] : now.filter((x) => x !== a)))
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {errors.acciones && <FormHelperText error>{errors.acciones}</FormHelperText>}
          </div>
          <FormControlLabel
            control={<Switch checked={prueba} onChange={(e) => setPrueba(e.target.checked)} />}
            label={t('apiKeys.form.prueba')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {tc('actions.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={create.isPending}>
          {t('apiKeys.form.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
