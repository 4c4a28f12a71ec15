import './register.ts';
import Add from '@mui/icons-material/Add';
import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { usePermission } from '../../app/permissions.ts';
import {
  DataTable,
  type DataTableColumn,
  pinRow,
  replaceRow,
  StatusChip,
} from '../../components/DataTable/index.ts';
import { MassLoadDialog } from '../mass-load/MassLoadDialog.tsx';
import { numberingKey } from '../numbering/api.ts';
import { CompanyLotDialog } from '../numbering/CompanyLotDialog.tsx';
import {
  type Branch,
  branchesKey,
  COMPANY_PATH,
  type Company,
  companiesKey,
  fetchCompanies,
  fetchCompanyDetail,
  logoUrl,
} from './api.ts';
import { BranchFormDialog } from './BranchFormDialog.tsx';
import { CertificateDialog } from './CertificateDialog.tsx';
import { CompanyDetailDialog } from './CompanyDetailDialog.tsx';
import { CompanyFormDialog } from './CompanyFormDialog.tsx';
import { CompanyParamsDialog } from './CompanyParamsDialog.tsx';
import { CompanyStatusDialog } from './CompanyStatusDialog.tsx';
import { ThirdPartyDialog } from './ThirdPartyDialog.tsx';

const companyId = (company: Company) => company.id;

/** The write answers carry the company without its branches, accounts and certificate: keep those. */
const merged = (before: Company, saved: Company): Company => ({
  ...before,
  ...saved,
  lstSucursales: before.lstSucursales,
  lstCuentaTerceros: before.lstCuentaTerceros,
  cuentaTerceros: before.cuentaTerceros,
  certificado: before.certificado,
});

type Open =
  | { kind: 'form'; company?: Company }
  | {
      kind:
        | 'view'
        | 'status'
        | 'params'
        | 'branch'
        | 'control'
        | 'retention'
        | 'certificate'
        | 'thirdParty'
        | 'massLoad';
      company: Company;
    };

/**
 * /mantenimiento/Localidad (spec 000 §2, §4, §6): logo, RIF, name and status, the branches panel, and
 * the row actions of the permission keys add, params, view, update, delete, addSucursal, addControl,
 * addControlsucusal (withholding control numbers), addCertificado and cuentaTerceros.
 */
export default function CompaniesPage() {
  const { t } = useTranslation('companies');
  const can = usePermission(COMPANY_PATH);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: companiesKey });
  /**
   * A company changed by a dialog (branches, certificate, third-party accounts...): its row, pinned at
   * the top or on a page, is replaced with the server's record.
   */
  const reload = async (id: string) => {
    try {
      const { result } = await fetchCompanyDetail(id);
      const { controles: _controles, ...company } = result;
      replaceRow(queryClient, companiesKey, companyId, company);
    } finally {
      refresh();
    }
  };

  const columns: DataTableColumn<Company>[] = [
    {
      id: 'logo',
      header: t('companies.columns.logo'),
      noExport: true,
      width: 64,
      render: (c) => {
        const src = logoUrl(c);
        return src ? (
          <Avatar
            variant="rounded"
            src={src}
            alt={t('companies.logoAlt', { name: c.nombre })}
            sx={{ width: 40, height: 40, bgcolor: 'background.paper' }}
            slotProps={{ img: { loading: 'lazy', style: { objectFit: 'contain' } } }}
          />
        ) : (
          <Avatar variant="rounded" sx={{ width: 40, height: 40 }} aria-label={t('companies.noLogo')}>
            {c.nombre.slice(0, 1)}
          </Avatar>
        );
      },
    },
    {
      id: 'rif',
      header: t('companies.columns.rif'),
      value: (c) => `${c.tipoDocumento}-${c.numeroDocumento}`,
      nowrap: true,
    },
    { id: 'nombre', header: t('companies.columns.nombre'), value: (c) => c.nombre, width: '40%' },
    {
      id: 'estatus',
      header: t('companies.columns.estatus'),
      value: (c) => c.logEstatusRegistro,
      render: (c) => <StatusChip status={c.logEstatusRegistro} />,
    },
  ];

  const action = (
    key: Exclude<Open['kind'], 'form' | 'view' | 'status'>,
    label: string,
    icon: ReactNode,
    allowed: boolean,
    onInactive = false,
  ) => ({
    key,
    label,
    icon,
    allowed,
    onInactive,
    onClick: (company: Company) => setOpen({ kind: key, company }),
  });

  return (
    <>
      <DataTable<Company>
        title={t('companies.title')}
        queryKey={companiesKey}
        fetchPage={fetchCompanies}
        columns={columns}
        getRowId={companyId}
        exportName="razones-sociales"
        renderDetail={(company) => <BranchesPanel branches={company.lstSucursales} />}
        toolbar={
          can('add') && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setOpen({ kind: 'form' })}>
              {t('companies.add')}
            </Button>
          )
        }
        actions={{
          view: { allowed: can('view'), onClick: (company) => setOpen({ kind: 'view', company }) },
          edit: { allowed: can('update'), onClick: (company) => setOpen({ kind: 'form', company }) },
          extra: [
            action(
              'params',
              t('companies.actions.params'),
              <SettingsOutlined fontSize="small" />,
              can('params'),
              true,
            ),
            action(
              'branch',
              t('companies.actions.branches'),
              <AddBusinessOutlined fontSize="small" />,
              can('addSucursal'),
            ),
            action(
              'control',
              t('companies.actions.control'),
              <PlaylistAddOutlined fontSize="small" />,
              can('addControl'),
            ),
            action(
              'retention',
              t('companies.actions.retention'),
              <ReceiptLongOutlined fontSize="small" />,
              can('addControlsucusal'),
            ),
            action(
              'certificate',
              t('companies.actions.certificate'),
              <VerifiedUserOutlined fontSize="small" />,
              can('addCertificado'),
            ),
            action(
              'thirdParty',
              t('companies.actions.thirdParty'),
              <GroupsOutlined fontSize="small" />,
              can('cuentaTerceros'),
            ),
            action(
              'massLoad',
              t('companies.actions.massLoad'),
              <CloudUploadOutlined fontSize="small" />,
              can('genMasivaFactura'),
            ),
          ],
          inactivate: { allowed: can('delete'), onClick: (company) => setOpen({ kind: 'status', company }) },
          reactivate: { allowed: can('delete'), onClick: (company) => setOpen({ kind: 'status', company }) },
        }}
      />
      {open?.kind === 'form' && (
        <CompanyFormDialog
          company={open.company}
          onClose={close}
          onSaved={(saved, message) => {
            if (open.company) {
              replaceRow(queryClient, companiesKey, companyId, merged(open.company, saved));
              void reload(saved.id);
            } else {
              pinRow(queryClient, companiesKey, companyId, saved);
              refresh();
            }
            notifySuccess(translateMessage(message));
            close();
          }}
        />
      )}
      {open?.kind === 'view' && <CompanyDetailDialog company={open.company} onClose={close} />}
      {open?.kind === 'status' && (
        <CompanyStatusDialog
          company={open.company}
          onClose={close}
          onDone={(saved, message) => {
            replaceRow(queryClient, companiesKey, companyId, merged(open.company, saved));
            notifySuccess(translateMessage(message));
            void reload(saved.id);
            close();
          }}
        />
      )}
      {open?.kind === 'params' && (
        <CompanyParamsDialog
          company={open.company}
          onClose={() => {
            void reload(open.company.id);
            close();
          }}
          onChanged={(saved) => replaceRow(queryClient, companiesKey, companyId, merged(open.company, saved))}
        />
      )}
      {open?.kind === 'branch' && (
        <BranchFormDialog
          company={open.company}
          onClose={close}
          onSaved={(_saved: Branch, message) => {
            notifySuccess(translateMessage(message));
            void reload(open.company.id);
            void queryClient.invalidateQueries({ queryKey: branchesKey });
            close();
          }}
        />
      )}
      {(open?.kind === 'control' || open?.kind === 'retention') && (
        <CompanyLotDialog
          company={open.company}
          kind={open.kind === 'retention' ? 'retention' : 'documents'}
          onClose={close}
          onSaved={() => {
            void reload(open.company.id);
            void queryClient.invalidateQueries({ queryKey: numberingKey });
          }}
        />
      )}
      {open?.kind === 'certificate' && (
        <CertificateDialog
          company={open.company}
          onClose={close}
          onSaved={(_certificate, message) => {
            notifySuccess(translateMessage(message));
            void reload(open.company.id);
            close();
          }}
        />
      )}
      {open?.kind === 'massLoad' && <MassLoadDialog company={open.company} onClose={close} />}
      {open?.kind === 'thirdParty' && (
        <ThirdPartyDialog
          company={open.company}
          onClose={() => {
            void reload(open.company.id);
            close();
          }}
        />
      )}
    </>
  );
}

/** The expandable panel: the company's branches, or 'Sin Sucursales'. */
function BranchesPanel({ branches }: { branches: Branch[] }) {
  const { t } = useTranslation('companies');
  if (branches.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('companies.branchesPanel.none')}
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label={t('companies.branchesPanel.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('companies.branchesPanel.codigo')}</TableCell>
          <TableCell>{t('companies.branchesPanel.nombre')}</TableCell>
          <TableCell>{t('companies.branchesPanel.direccion')}</TableCell>
          <TableCell>{t('companies.branchesPanel.telefono')}</TableCell>
          <TableCell>{t('companies.branchesPanel.estatus')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {branches.map((b) => (
          <TableRow key={b.id}>
            <TableCell>{b.codigoSucursal}</TableCell>
            <TableCell>{b.nombre}</TableCell>
            <TableCell>{b.direccion}</TableCell>
            <TableCell>{b.telefono}</TableCell>
            <TableCell>
              <StatusChip status={b.logEstatusRegistro} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
