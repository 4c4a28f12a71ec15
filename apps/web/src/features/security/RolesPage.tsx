import './register.ts';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn, pinRow, replaceRow } from '../../components/DataTable/index.ts';
import { activateRole, deactivateRole, fetchRoles, type Role, rolesKey } from './api.ts';
import { RoleFormDialog } from './RoleFormDialog.tsx';

export const ROLES_PATH = '/seguridad/roles';
const SHORT_PATHS = 2;
const roleId = (role: Role) => role.id;

/** /seguridad/roles: permission keys add, update and cancel (inactivate and reactivate). */
export default function RolesPage() {
  const { t } = useTranslation('security');
  const can = usePermission(ROLES_PATH);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ role?: Role } | null>(null);
  const [confirm, setConfirm] = useState<{ role: Role; activate: boolean } | null>(null);

  const status = useMutation({
    mutationFn: ({ role, activate }: { role: Role; activate: boolean }) =>
      activate ? activateRole(role.id) : deactivateRole(role.id),
    onSuccess: (answer, { activate }) => {
      replaceRow(queryClient, rolesKey, roleId, answer.result);
      void queryClient.invalidateQueries({ queryKey: rolesKey });
      void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
      notifySuccess(activate ? t('app:success.activated') : t('app:success.inactivated'));
      setConfirm(null);
    },
  });

  const columns: DataTableColumn<Role>[] = [
    { id: 'rol', header: t('roles.columns.rol'), value: (r) => r.rol },
    {
      id: 'ruta',
      header: t('roles.columns.ruta'),
      value: (r) => r.modulo.map((m) => m.path).join(', '),
      render: (r) => (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {r.modulo.slice(0, SHORT_PATHS).map((m) => (
            <Chip
              key={m.id}
              size="small"
              variant="outlined"
              label={m.path}
              sx={{ fontFamily: 'monospace' }}
            />
          ))}
          {r.modulo.length > SHORT_PATHS && (
            <Chip size="small" label={t('roles.more', { count: r.modulo.length - SHORT_PATHS })} />
          )}
        </Stack>
      ),
    },
    { id: 'descripcion', header: t('roles.columns.descripcion'), value: (r) => r.descripcion },
  ];

  return (
    <>
      <DataTable<Role>
        title={t('roles.title')}
        queryKey={rolesKey}
        fetchPage={fetchRoles}
        columns={columns}
        getRowId={roleId}
        exportName="roles"
        renderDetail={(role) => <RoleDetail role={role} />}
        toolbar={
          can('add') && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})}>
              {t('roles.add')}
            </Button>
          )
        }
        actions={{
          edit: { allowed: can('update'), onClick: (role) => setDialog({ role }) },
          inactivate: { allowed: can('cancel'), onClick: (role) => setConfirm({ role, activate: false }) },
          reactivate: { allowed: can('cancel'), onClick: (role) => setConfirm({ role, activate: true }) },
        }}
      />
      {dialog && (
        <RoleFormDialog
          role={dialog.role}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            if (!dialog.role) pinRow(queryClient, rolesKey, roleId, saved);
            notifySuccess(dialog.role ? t('roles.updated') : t('roles.created'));
            void queryClient.invalidateQueries({ queryKey: rolesKey });
            // The session's own role may be the one that changed.
            void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
            setDialog(null);
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.activate ? t('roles.reactivateTitle') : t('roles.inactivateTitle')}
        message={
          confirm?.activate
            ? t('roles.reactivateText', { name: confirm?.role.rol })
            : t('roles.inactivateText', { name: confirm?.role.rol })
        }
        confirmLabel={confirm?.activate ? t('app:actions.reactivate') : t('app:actions.inactivate')}
        color={confirm?.activate ? 'success' : 'error'}
        loading={status.isPending}
        onConfirm={() => confirm && status.mutate(confirm)}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}

/** Detail panel: the role's modules and the actions enabled in each. */
function RoleDetail({ role }: { role: Role }) {
  const { t } = useTranslation('security');
  if (role.modulo.length === 0)
    return <Typography color="text.secondary">{t('roles.detailEmpty')}</Typography>;
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        {t('roles.detailTitle')}
      </Typography>
      <Stack spacing={0.75}>
        {role.modulo.map((m) => {
          const enabled = m.acciones.filter((a) => a.status);
          return (
            <Stack
              key={m.id}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1}
              sx={{ alignItems: { md: 'center' } }}
            >
              <Box sx={{ minWidth: 260 }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                  {m.nombre}
                </Typography>{' '}
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {m.path}
                </Typography>
              </Box>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {enabled.length === 0 ? (
                  <Typography variant="caption" color="text.secondary">
                    {t('roles.noActionsGranted')}
                  </Typography>
                ) : (
                  enabled.map((a) => (
                    <Chip
                      key={a.key}
                      size="small"
                      color="primary"
                      variant="outlined"
                      label={a.description || a.key}
                    />
                  ))
                )}
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    </Box>
  );
}
