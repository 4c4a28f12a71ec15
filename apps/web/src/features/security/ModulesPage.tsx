import './register.ts';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../app/notify.ts';
import { useCanWriteScreen } from '../../app/permissions.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  DataTable,
  type DataTableColumn,
  pinRow,
  replaceRow,
  StatusChip,
} from '../../components/DataTable/index.ts';
import { activateModule, deactivateModule, fetchModules, type Module, modulesKey } from './api.ts';
import { ModuleDetailDialog } from './ModuleDetailDialog.tsx';
import { ModuleFormDialog } from './ModuleFormDialog.tsx';

const moduleId = (module: Module) => module.id;

/** /seguridad/modulos: no permission keys (route access only, spec 000 §6). */
export default function ModulesPage() {
  const { t } = useTranslation('security');
  const canWrite = useCanWriteScreen();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ module?: Module } | null>(null);
  const [viewing, setViewing] = useState<Module | null>(null);
  const [confirm, setConfirm] = useState<{ module: Module; activate: boolean } | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: modulesKey });
    // The role editor lists modules too, and the session's own permissions may change.
    void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
  };

  const status = useMutation({
    mutationFn: ({ module, activate }: { module: Module; activate: boolean }) =>
      activate ? activateModule(module.id) : deactivateModule(module.id),
    onSuccess: (answer, { activate }) => {
      replaceRow(queryClient, modulesKey, moduleId, answer.result);
      refresh();
      notifySuccess(activate ? t('app:success.activated') : t('app:success.inactivated'));
      setConfirm(null);
    },
  });

  const columns: DataTableColumn<Module>[] = [
    { id: 'name', header: t('modules.columns.name'), value: (m) => m.name },
    {
      id: 'path',
      header: t('modules.columns.path'),
      value: (m) => m.path,
      render: (m) => <code>{m.path}</code>,
    },
    {
      id: 'estatus',
      header: t('modules.columns.estatus'),
      value: (m) => m.logEstatusRegistro,
      render: (m) => <StatusChip status={m.logEstatusRegistro} />,
    },
  ];

  return (
    <>
      <DataTable<Module>
        title={t('modules.title')}
        queryKey={modulesKey}
        fetchPage={fetchModules}
        columns={columns}
        getRowId={moduleId}
        exportName="modulos"
        toolbar={
          canWrite && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})}>
              {t('modules.add')}
            </Button>
          )
        }
        actions={{
          view: { onClick: (module) => setViewing(module) },
          edit: { allowed: canWrite, onClick: (module) => setDialog({ module }) },
          inactivate: { allowed: canWrite, onClick: (module) => setConfirm({ module, activate: false }) },
          reactivate: { allowed: canWrite, onClick: (module) => setConfirm({ module, activate: true }) },
        }}
      />
      {dialog && (
        <ModuleFormDialog
          module={dialog.module}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            if (!dialog.module) pinRow(queryClient, modulesKey, moduleId, saved);
            notifySuccess(dialog.module ? t('app:success.updated') : t('app:success.saved'));
            refresh();
            setDialog(null);
          }}
        />
      )}
      {viewing && <ModuleDetailDialog module={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.activate ? t('modules.reactivateTitle') : t('modules.inactivateTitle')}
        message={
          confirm?.activate
            ? t('modules.reactivateText', { name: confirm?.module.name })
            : t('modules.inactivateText', { name: confirm?.module.name })
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
