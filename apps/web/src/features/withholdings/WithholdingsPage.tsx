import './register.ts';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { screen } from '@sigece/fiscal';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateMessage } from '../../app/i18n.ts';
import { useScreenPermission } from '../../app/permissions.ts';
import type { DataTableColumn, DataTableQuery } from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import { formatDate } from '../../components/format.ts';
import { DocumentListPage } from '../documents/index.ts';
import {
  annulWithholding,
  fetchWithholdings,
  hasFilters,
  type WithholdingFilters,
  type WithholdingRow,
  withholdingsKey,
} from './api.ts';
import { BulkGenerationDialog } from './BulkGenerationDialog.tsx';
import { DeclarationFilesDialog } from './DeclarationFilesDialog.tsx';
import { NS } from './register.ts';
import { WithholdingDetailDialog } from './WithholdingDetailDialog.tsx';
import { WithholdingFilterDialog } from './WithholdingFilterDialog.tsx';
import { withholdingFile } from './withholdingFile.ts';

/** The screen whose permission keys gate every action (spec 002 §6: search, add, print, delete). */
const WITHHOLDINGS = screen('/retenciones/iva-islr');
export const WITHHOLDINGS_PATH = WITHHOLDINGS.module;
export const NEW_WITHHOLDING_PATH = screen('/retenciones/iva-islr/Agregar').module;

const rowId = (row: WithholdingRow) => row.id;
const isActive = (row: WithholdingRow) => row.logEstatusRegistro === 'ACTIVO';

/**
 * /retenciones/iva-islr (spec 002 §2.2, §4, §6): the IVA and ISLR withholding vouchers with the filter
 * dialog, server paging and search, PDF (titled with the control number), annul with confirmation
 * (hidden on 'Anulada' rows), the bulk-generation dialog and the period's SENIAT files.
 */
export default function WithholdingsPage() {
  const { t } = useTranslation(NS);
  const can = useScreenPermission(WITHHOLDINGS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [total, setTotal] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'bulk' | 'files' | null>(null);

  // The title counts the vouchers of the current search and filter: 'Retenciones(total)'.
  const fetchPage = useCallback(
    async (q: DataTableQuery, filters: WithholdingFilters, signal?: AbortSignal) => {
      const page = await fetchWithholdings(q, filters, signal);
      if (q.limit <= 50) setTotal(page.totalResults);
      return page;
    },
    [],
  );

  const columns: DataTableColumn<WithholdingRow>[] = [
    {
      id: 'nroComprobante',
      sortable: true,
      header: t('list.columns.nroComprobante'),
      value: (r) => r.nroComprobante,
      nowrap: true,
      code: true,
    },
    {
      id: 'NroControlComprobante',
      sortable: true,
      header: t('list.columns.nroControl'),
      value: (r) => r.NroControlComprobante,
      nowrap: true,
      code: true,
    },
    {
      id: 'modeloRetencion',
      sortable: true,
      header: t('list.columns.modelo'),
      value: (r) => t(`models.${r.modeloRetencion}`),
    },
    {
      id: 'fechaEmision',
      sortable: true,
      header: t('list.columns.fechaEmision'),
      nowrap: true,
      value: (r) => formatDate(r.fechaEmision),
      render: (r) => <DateText value={r.fechaEmision} />,
    },
    {
      id: 'rifProveedor',
      sortable: true,
      header: t('list.columns.rifProveedor'),
      value: (r) => r.rifProveedor,
      nowrap: true,
    },
    {
      id: 'identificacion',
      sortable: true,
      header: t('list.columns.identificacion'),
      value: (r) => r.identificacion,
    },
    {
      id: 'periodo',
      header: t('list.columns.periodo'),
      nowrap: true,
      value: (r) => `${formatDate(r.periodoFiscalDel)} - ${formatDate(r.peridofiscalAl)}`,
    },
    {
      id: 'estatus',
      header: t('list.columns.estatus'),
      value: (r) => (isActive(r) ? t('list.active') : t('list.annulled')),
      render: (r) => (
        <Chip
          size="small"
          color={isActive(r) ? 'success' : 'default'}
          variant={isActive(r) ? 'outlined' : 'filled'}
          label={isActive(r) ? t('list.active') : t('list.annulled')}
        />
      ),
    },
  ];

  return (
    <>
      <DocumentListPage<WithholdingRow, WithholdingFilters>
        title={total === null ? t('list.titleLoading') : t('list.title', { count: total })}
        queryKey={withholdingsKey}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={rowId}
        exportName="retenciones"
        searchPlaceholder={t('list.searchPlaceholder')}
        filter={{
          allowed: can('search'),
          empty: {},
          isActive: hasFilters,
          render: (props) => <WithholdingFilterDialog {...props} />,
        }}
        add={{ allowed: can('add'), label: t('list.add'), onClick: () => navigate(NEW_WITHHOLDING_PATH) }}
        // The voucher's data, documents and activity timeline (the list's search key).
        view={{
          allowed: can('search'),
          label: t('list.actions.view'),
          render: (row, onClose) => <WithholdingDetailDialog row={row} onClose={onClose} />,
        }}
        pdf={{
          allowed: can('print'),
          label: t('list.actions.print'),
          enabled: () => true,
          file: withholdingFile,
        }}
        annul={{
          allowed: can('delete'),
          enabled: isActive,
          label: t('list.actions.annul'),
          title: t('list.annulTitle'),
          text: (row) => t('list.annulText', { nro: row.nroComprobante }),
          askReason: true,
          run: async (row, reason) => translateMessage((await annulWithholding(row.id, reason)).msg),
        }}
        delivery={{
          tipoDoc: 'ret',
          allowed: can('print'),
          label: (row) => row.nroComprobante,
          // The server refuses, in words, a voucher whose PDF is not made yet.
          enabled: () => true,
          correo: (row) => row.correo,
        }}
        moreLabel={(row) => t('list.actions.more', { nro: row.nroComprobante })}
        toolbar={
          <>
            {can('print') && (
              <Button
                variant="outlined"
                startIcon={<DescriptionOutlined />}
                onClick={() => setDialog('files')}
              >
                {t('list.files')}
              </Button>
            )}
            {can('add') && (
              <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setDialog('bulk')}>
                {t('list.bulk')}
              </Button>
            )}
          </>
        }
      />
      {dialog === 'files' && <DeclarationFilesDialog onClose={() => setDialog(null)} />}
      {dialog === 'bulk' && (
        <BulkGenerationDialog
          onClose={() => setDialog(null)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: withholdingsKey })}
        />
      )}
    </>
  );
}
