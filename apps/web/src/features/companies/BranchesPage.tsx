import './register.ts';
import Add from '@mui/icons-material/Add';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.ts';
import {
  DataTable,
  type DataTableColumn,
  type DataTableQuery,
  pinRow,
  replaceRow,
  StatusChip,
} from '../../components/DataTable/index.ts';
import { BranchLotDialog } from '../numbering/BranchLotDialog.tsx';
import {
  BRANCH_PATH,
  type Branch,
  branchesKey,
  type Company,
  companiesKey,
  fetchBranches,
  fetchCompanies,
} from './api.ts';
import { BranchDetailDialog } from './BranchDetailDialog.tsx';
import { BranchFormDialog } from './BranchFormDialog.tsx';
import { BranchParamsDialog } from './BranchParamsDialog.tsx';

const branchId = (branch: Branch) => branch.id;

/** Spec 000 §2: the branch list loads after a 2-second delay. */
export const BRANCH_LIST_DELAY_MS = 2000;

type Open = { kind: 'form'; branch?: Branch } | { kind: 'view' | 'params' | 'control'; branch: Branch };

/**
 * /mantenimiento/Sucursal (spec 000 §2, §6): company, branch, fiscal address and status; actions add,
 * params, view, update (modify) and addControlsucusal (add control to branch).
 */
export default function BranchesPage() {
  const { t } = useTranslation('companies');
  const can = usePermission(BRANCH_PATH);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);

  // The first page waits until 2 seconds after the screen opened; later pages load at once.
  const openedAt = useRef(Date.now());
  const fetchPage = async (q: DataTableQuery, signal?: AbortSignal) => {
    const wait = openedAt.current + BRANCH_LIST_DELAY_MS - Date.now();
    if (wait > 0) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, wait);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    }
    return fetchBranches(q, signal);
  };

  // The empty states: no company at all, or companies without branches.
  const totals = useQuery({
    queryKey: [...branchesKey, 'totals'],
    queryFn: async ({ signal }) => {
      const [companies, branches] = await Promise.all([
        fetchCompanies({ page: 1, limit: 1, search: '' }, signal),
        fetchBranches({ page: 1, limit: 1, search: '' }, signal),
      ]);
      return { companies: companies.totalResults, branches: branches.totalResults };
    },
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: branchesKey });
    void queryClient.invalidateQueries({ queryKey: companiesKey });
  };

  const columns: DataTableColumn<Branch>[] = [
    { id: 'company', header: t('branches.columns.company'), value: (b) => b.localidad ?? '', width: '25%' },
    {
      id: 'branch',
      header: t('branches.columns.branch'),
      value: (b) => `${b.codigoSucursal} - ${b.nombre}`,
      width: '20%',
    },
    { id: 'direccion', header: t('branches.columns.direccion'), value: (b) => b.direccion, width: '35%' },
    {
      id: 'estatus',
      header: t('branches.columns.estatus'),
      value: (b) => b.logEstatusRegistro,
      render: (b) => <StatusChip status={b.logEstatusRegistro} />,
    },
  ];

  return (
    <Stack spacing={1.5}>
      {totals.data?.companies === 0 && <Alert severity="info">{t('branches.noCompanies')}</Alert>}
      {totals.data && totals.data.companies > 0 && totals.data.branches === 0 && (
        <Alert severity="info">{t('branches.noBranches')}</Alert>
      )}
      <DataTable<Branch>
        title={t('branches.title')}
        queryKey={branchesKey}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={branchId}
        exportName="sucursales"
        toolbar={
          can('add') && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setOpen({ kind: 'form' })}>
              {t('branches.add')}
            </Button>
          )
        }
        actions={{
          view: { allowed: can('view'), onClick: (branch) => setOpen({ kind: 'view', branch }) },
          edit: { allowed: can('update'), onClick: (branch) => setOpen({ kind: 'form', branch }) },
          extra: [
            {
              key: 'params',
              label: t('branches.actions.params'),
              icon: <SettingsOutlined fontSize="small" />,
              allowed: can('params'),
              onInactive: true,
              onClick: (branch) => setOpen({ kind: 'params', branch }),
            },
            {
              key: 'control',
              label: t('branches.actions.control'),
              icon: <PlaylistAddOutlined fontSize="small" />,
              allowed: can('addControlsucusal'),
              onClick: (branch) => setOpen({ kind: 'control', branch }),
            },
          ],
        }}
      />
      {open?.kind === 'form' && (
        <BranchFormDialog
          branch={open.branch}
          onClose={close}
          onSaved={(saved, message) => {
            // The list shows the company's name next to each branch.
            const options = queryClient.getQueryData<Company[]>([...companiesKey, 'active-options']);
            const withCompany = {
              ...saved,
              localidad:
                open.branch?.localidad ??
                options?.find((c) => c.id === saved.id_localidad)?.nombre ??
                saved.localidad,
            };
            if (open.branch) replaceRow(queryClient, branchesKey, branchId, withCompany);
            else pinRow(queryClient, branchesKey, branchId, withCompany);
            notifySuccess(translateMessage(message));
            refresh();
            close();
          }}
        />
      )}
      {open?.kind === 'view' && <BranchDetailDialog branch={open.branch} onClose={close} />}
      {open?.kind === 'params' && (
        <BranchParamsDialog
          branch={open.branch}
          onClose={close}
          onChanged={(saved) => {
            replaceRow(queryClient, branchesKey, branchId, saved);
            void queryClient.invalidateQueries({ queryKey: branchesKey });
          }}
        />
      )}
      {open?.kind === 'control' && <BranchLotDialog branch={open.branch} onClose={close} onSaved={refresh} />}
    </Stack>
  );
}
