import './register.ts';
import Add from '@mui/icons-material/Add';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DataTable, type DataTableColumn, pinRow, replaceRow } from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import { fetchUsers, toggleUserStatus, type User, useBranches, useCompanies, usersKey } from './api.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { UserFormDialog } from './UserFormDialog.tsx';

export const USERS_PATH = '/seguridad/usuarios';
const userId = (user: User) => user.id;

/** /seguridad/usuarios: permission keys add, update, cancel (inactivate and reactivate) and updatePasw. */
export default function UsersPage() {
  const { t } = useTranslation('security');
  const can = usePermission(USERS_PATH);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ user?: User } | null>(null);
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  const [confirm, setConfirm] = useState<{ user: User; activate: boolean } | null>(null);

  const status = useMutation({
    mutationFn: (user: User) => toggleUserStatus(user.id),
    onSuccess: (answer) => {
      replaceRow(queryClient, usersKey, userId, answer.result);
      void queryClient.invalidateQueries({ queryKey: usersKey });
      const value = answer.result.logEstatusRegistro;
      notifySuccess(t('users.statusChanged', { status: t(`app:status.${value}`, { defaultValue: value }) }));
      setConfirm(null);
    },
  });

  const columns: DataTableColumn<User>[] = [
    { id: 'userAlias', header: t('users.columns.userAlias'), value: (u) => u.userAlias },
    { id: 'email', header: t('users.columns.email'), value: (u) => u.email },
  ];

  return (
    <>
      <DataTable<User>
        title={t('users.title')}
        queryKey={usersKey}
        fetchPage={fetchUsers}
        columns={columns}
        getRowId={userId}
        exportName="usuarios"
        renderDetail={(user) => <UserDetail user={user} />}
        toolbar={
          can('add') && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})}>
              {t('users.add')}
            </Button>
          )
        }
        actions={{
          edit: { allowed: can('update'), onClick: (user) => setDialog({ user }) },
          extra: [
            {
              key: 'password',
              label: t('users.changePassword'),
              icon: <KeyOutlined fontSize="small" />,
              allowed: can('updatePasw'),
              onClick: (user) => setPasswordFor(user),
            },
          ],
          inactivate: { allowed: can('cancel'), onClick: (user) => setConfirm({ user, activate: false }) },
          reactivate: { allowed: can('cancel'), onClick: (user) => setConfirm({ user, activate: true }) },
        }}
      />
      {dialog && (
        <UserFormDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            if (!dialog.user) pinRow(queryClient, usersKey, userId, saved);
            notifySuccess(dialog.user ? t('users.updated') : t('users.created'));
            void queryClient.invalidateQueries({ queryKey: usersKey });
            setDialog(null);
          }}
        />
      )}
      {passwordFor && (
        <ChangePasswordDialog
          user={passwordFor}
          onClose={() => setPasswordFor(null)}
          onSaved={() => {
            notifySuccess(t('users.passwordUpdated'));
            setPasswordFor(null);
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.activate ? t('users.reactivateTitle') : t('users.inactivateTitle')}
        message={
          confirm?.activate
            ? t('users.reactivateText', { name: confirm?.user.userAlias })
            : t('users.inactivateText', { name: confirm?.user.userAlias })
        }
        confirmLabel={confirm?.activate ? t('app:actions.reactivate') : t('app:actions.inactivate')}
        color={confirm?.activate ? 'success' : 'error'}
        loading={status.isPending}
        onConfirm={() => confirm && status.mutate(confirm.user)}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}

/** Detail panel: document, name, role, portal type, companies and branches. */
function UserDetail({ user }: { user: User }) {
  const { t } = useTranslation('security');
  const companies = useCompanies();
  const branches = useBranches();
  const names = (ids: string[], list: Array<{ id: string; nombre: string }> | undefined) =>
    ids.length === 0
      ? t('users.detail.none')
      : ids.map((id) => list?.find((e) => e.id === id)?.nombre ?? id).join(', ');
  const rows: Array<[string, ReactNode]> = [
    [t('users.detail.documento'), `${user.tipoDocumento}-${user.numeroDocumento}`],
    [t('users.detail.nombre'), `${user.firstName} ${user.lastName}`],
    [t('users.detail.rol'), user.masterAdmin ? t('users.detail.masterAdmin') : (user.rol ?? '—')],
    [t('users.detail.portal'), t(`users.portal.${user.userPortal}`, { defaultValue: user.userPortal })],
    [t('users.detail.companies'), names(user.id_localidad, companies.data)],
    [t('users.detail.branches'), names(user.sucursales, branches.data)],
    [t('users.detail.registered'), <DateText key="registered" value={user.logFechaRegistro} />],
    [
      t('users.detail.modified'),
      user.logFechaModificacion ? (
        <DateText key="modified" value={user.logFechaModificacion} />
      ) : (
        t('users.detail.notModified')
      ),
    ],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} data-label={label}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
