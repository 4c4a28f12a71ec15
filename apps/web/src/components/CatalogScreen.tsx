import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../app/api.ts';
import { translateMessage } from '../app/i18n.ts';
import { type ErrorFallbacks, notifySuccess } from '../app/notify.ts';
import { useCanWriteScreen } from '../app/permissions.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import {
  DataTable,
  type DataTableColumn,
  type ExtraRowAction,
  type FetchPage,
  pinRow,
  replaceRow,
  StatusChip,
} from './DataTable/index.ts';

/** A long identifier shown short (the full one in the tooltip and in exports). */
export function IdCell({ id }: { id: string }) {
  return (
    <Tooltip title={id}>
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
        {id.slice(0, 8)}
      </Box>
    </Tooltip>
  );
}

export function idColumn<T extends { id: string }>(header: string): DataTableColumn<T> {
  return { id: 'id', header, value: (r) => r.id, render: (r) => <IdCell id={r.id} />, width: 100 };
}

export function statusColumn<T extends { logEstatusRegistro: string }>(header: string): DataTableColumn<T> {
  return {
    id: 'estatus',
    header,
    value: (r) => r.logEstatusRegistro,
    render: (r) => <StatusChip status={r.logEstatusRegistro} />,
  };
}

export interface FormRenderProps<T> {
  row?: T;
  onClose: () => void;
  onSaved: (record: T, message: string) => void;
}

type Toggle<T> =
  /** Spec 002 §4: inactivating asks confirmation in a modal; activating acts directly. */
  | { mode: 'confirm'; inactivate: (row: T) => Promise<Answer<T>>; activate: (row: T) => Promise<Answer<T>> }
  /** Tax-rate types and products: one modal titled Activar or Inactivar, for both directions. */
  | { mode: 'modal'; toggle: (row: T) => Promise<Answer<T>> };

export interface CatalogScreenProps<T> {
  title: string;
  queryKey: readonly unknown[];
  fetchPage: FetchPage<T>;
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string;
  exportName: string;
  nameOf: (row: T) => string;
  isActive: (row: T) => boolean;
  renderDetail?: (row: T) => ReactNode;
  renderForm?: (props: FormRenderProps<T>) => ReactNode;
  toggle?: Toggle<T>;
  canAdd?: boolean;
  canEdit?: boolean;
  canToggle?: boolean;
  addLabel?: string;
  /** More toolbar content (filters, other buttons). */
  toolbar?: ReactNode;
  extra?: ExtraRowAction<T>[];
  /** Other query keys that change when a record is saved (e.g. a select's options). */
  alsoInvalidate?: ReadonlyArray<readonly unknown[]>;
  searchPlaceholder?: string;
  /** The screen's words when the list or the activate/inactivate call fails without a server message. */
  errorFallbacks?: { list?: ErrorFallbacks; toggle?: ErrorFallbacks };
}

const STATUS_MESSAGES = new Set(['Activado', 'Inactivado']);

/**
 * One reference table (spec 002 §2.10, §4): search, export, stepped pagination, detail, greyed inactive
 * rows, an add modal, an edit modal and the inactivate / activate flow.
 */
export function CatalogScreen<T>({
  title,
  queryKey,
  fetchPage,
  columns,
  getRowId,
  exportName,
  nameOf,
  isActive,
  renderDetail,
  renderForm,
  toggle,
  canAdd: canAddRole = true,
  canEdit: canEditRole = true,
  canToggle: canToggleRole = true,
  addLabel,
  toolbar,
  extra,
  alsoInvalidate = [],
  searchPlaceholder,
  errorFallbacks,
}: CatalogScreenProps<T>) {
  const { t } = useTranslation();
  // Shared data: the screen's write actions are the master administrator's only.
  const writable = useCanWriteScreen();
  const canAdd = canAddRole && writable;
  const canEdit = canEditRole && writable;
  const canToggle = canToggleRole && writable;
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ row?: T } | null>(null);
  const [confirm, setConfirm] = useState<T | null>(null);

  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey });
    for (const key of alsoInvalidate) void queryClient.invalidateQueries({ queryKey: key });
  };

  const status = useMutation({
    meta: errorFallbacks?.toggle ? { fallbacks: errorFallbacks.toggle } : undefined,
    mutationFn: (row: T) => {
      if (!toggle) throw new Error('no toggle');
      if (toggle.mode === 'modal') return toggle.toggle(row);
      return isActive(row) ? toggle.inactivate(row) : toggle.activate(row);
    },
    onSuccess: (answer, row) => {
      replaceRow(queryClient, queryKey, getRowId, answer.result);
      invalidate();
      const message = translateMessage(answer.message);
      notifySuccess(STATUS_MESSAGES.has(answer.message) ? `${message}: ${nameOf(row)}` : message);
      setConfirm(null);
    },
  });

  const single = toggle?.mode === 'modal';
  const confirmActivate = confirm !== null && !isActive(confirm);

  return (
    <>
      <DataTable<T>
        title={title}
        queryKey={queryKey}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={getRowId}
        exportName={exportName}
        renderDetail={renderDetail}
        searchPlaceholder={searchPlaceholder}
        errorFallbacks={errorFallbacks?.list}
        toolbar={
          (toolbar || (renderForm && canAdd)) && (
            <Stack
              direction="row"
              sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end' }}
            >
              {toolbar}
              {renderForm && canAdd && (
                <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})}>
                  {addLabel ?? t('records.add')}
                </Button>
              )}
            </Stack>
          )
        }
        actions={{
          edit: renderForm ? { allowed: canEdit, onClick: (row) => setDialog({ row }) } : undefined,
          extra,
          inactivate: toggle ? { allowed: canToggle, onClick: (row) => setConfirm(row) } : undefined,
          reactivate: toggle
            ? {
                allowed: canToggle,
                // Activating acts directly, except where one modal serves both directions.
                onClick: (row) => (single ? setConfirm(row) : status.mutate(row)),
              }
            : undefined,
        }}
      />
      {dialog &&
        renderForm?.({
          row: dialog.row,
          onClose: () => setDialog(null),
          onSaved: (record, message) => {
            if (!dialog.row) pinRow(queryClient, queryKey, getRowId, record);
            else replaceRow(queryClient, queryKey, getRowId, record);
            notifySuccess(translateMessage(message));
            invalidate();
            setDialog(null);
          },
        })}
      <ConfirmDialog
        open={confirm !== null}
        title={confirmActivate ? t('records.activateTitle') : t('records.inactivateTitle')}
        message={
          confirmActivate
            ? t('records.activateText', { name: confirm ? nameOf(confirm) : '' })
            : t('records.inactivateText', { name: confirm ? nameOf(confirm) : '' })
        }
        confirmLabel={confirmActivate ? t('records.activate') : t('records.inactivate')}
        color={confirmActivate ? 'success' : 'error'}
        loading={status.isPending}
        onConfirm={() => confirm && status.mutate(confirm)}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}
