import './register.ts';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Chip from '@mui/material/Chip';
import { screen } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { useScreenPermission } from '../../app/permissions.ts';
import type { DataTableColumn, DataTableQuery } from '../../components/DataTable/index.ts';
import { DateText } from '../../components/Display.tsx';
import { DocumentListPage } from '../documents/index.ts';
import {
  annulNote,
  deleteNote,
  fetchNotes,
  filterNotes,
  generateNote,
  hasNoteFilters,
  type NoteFilters,
  type NoteRow,
  notesKey,
} from './api.ts';
import { NoteDetailDialog } from './NoteDetailDialog.tsx';
import { NoteFilterDialog } from './NoteFilterDialog.tsx';
import { noteFile, noteNumber } from './noteFile.ts';

/** The screen whose permission keys gate every action, whichever of the two list routes shows it. */
const NOTES = screen('/facturacion/generales/notas');
export const NOTES_PATH = NOTES.module;
export const NEW_NOTE_PATH = screen('/facturacion/generales/notas/nota').module;

const noteId = (row: NoteRow) => row.id;
const isGenerated = (row: NoteRow) => row.notaGenerada === 'true';
const isActive = (row: NoteRow) => row.logEstatusRegistro === 'ACTIVO';
/** §4.3: generate only an ACTIVO note without PDF; delete only without PDF and not INACTIVO. */
const canGenerate = (row: NoteRow) => isActive(row) && !isGenerated(row);
const generatedActive = (row: NoteRow) => isGenerated(row) && isActive(row);
const fetchPage = (q: DataTableQuery, filters: NoteFilters, signal?: AbortSignal) =>
  hasNoteFilters(filters) ? filterNotes(q, filters, signal) : fetchNotes(q, signal);

/**
 * /facturacion/notas and /facturacion/generales/notas (spec 001 §2.3, §4.3): credit and debit notes
 * with the filter dialog, consult, PDF and SENIAT views, generate, annul and delete. Permission keys of
 * /facturacion/generales/notas: search, add, consultaseniatnotas, delete, view, cancel, generar, print.
 */
export default function NotesPage() {
  const { t } = useTranslation('notes');
  const can = useScreenPermission(NOTES);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const generate = useMutation({
    mutationFn: (row: NoteRow) => generateNote(row.id),
    onSuccess: (answer) => notifySuccess(translateMessage(answer.message)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notesKey }),
  });

  const statusChip = (active: boolean) => (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'outlined' : 'filled'}
      label={active ? t('list.active') : t('list.annulled')}
    />
  );

  const columns: DataTableColumn<NoteRow>[] = [
    { id: 'nroNota', header: t('list.columns.nroNota'), value: (r) => r.nroNota, nowrap: true, code: true },
    { id: 'serie', header: t('list.columns.serie'), value: (r) => r.serie, nowrap: true },
    {
      id: 'nroControl',
      header: t('list.columns.nroControl'),
      nowrap: true,
      code: true,
      value: (r) => (isGenerated(r) ? (r.nroControl ?? '') : 'No generada'),
      render: (r) =>
        isGenerated(r) ? (
          r.nroControl
        ) : (
          <Chip size="small" variant="outlined" color="warning" label={t('list.notGenerated')} />
        ),
    },
    { id: 'nroFactura', header: t('list.columns.nroFactura'), value: (r) => r.nroFactura, nowrap: true },
    { id: 'tipo', header: t('list.columns.tipo'), value: (r) => t(`types.${r.tipo}`) },
    {
      id: 'fechaEmision',
      header: t('list.columns.fecha'),
      nowrap: true,
      value: (r) => r.fecha,
      render: (r) => <DateText value={r.fechaEmision} />,
    },
    { id: 'razonSocial', header: t('list.columns.razonSocial'), value: (r) => r.razonSocial },
    { id: 'sucursal', header: t('list.columns.sucursal'), value: (r) => r.sucursal ?? '' },
    { id: 'cliente', header: t('list.columns.cliente'), value: (r) => r.cliente },
    {
      id: 'notaGenerada',
      header: t('list.columns.generada'),
      value: (r) => (isGenerated(r) ? t('list.yes') : t('list.no')),
    },
    {
      id: 'estatus',
      header: t('list.columns.estatus'),
      value: (r) => (isActive(r) ? t('list.active') : t('list.annulled')),
      render: (r) => statusChip(isActive(r)),
    },
  ];

  return (
    <DocumentListPage<NoteRow, NoteFilters>
      title={t('list.title')}
      queryKey={notesKey}
      fetchPage={fetchPage}
      columns={columns}
      getRowId={noteId}
      exportName="notas"
      searchPlaceholder={t('list.searchPlaceholder')}
      filter={{
        allowed: can('search'),
        empty: {},
        isActive: hasNoteFilters,
        render: (props) => <NoteFilterDialog {...props} />,
      }}
      add={{ allowed: can('add'), label: t('list.add'), onClick: () => navigate(NEW_NOTE_PATH) }}
      view={{
        allowed: can('view'),
        label: t('list.actions.view'),
        render: (row, onClose) => <NoteDetailDialog row={row} onClose={onClose} />,
      }}
      pdf={{
        allowed: can('print'),
        label: t('list.actions.print'),
        enabled: isGenerated,
        file: noteFile,
        json: {
          allowed: can('consultaseniatnotas'),
          label: t('list.actions.consultaseniat'),
          enabled: generatedActive,
          title: (row) => t('pdf.consultTitle', { nro: noteNumber(row) }),
        },
      }}
      annul={{
        allowed: can('cancel'),
        enabled: generatedActive,
        label: t('list.actions.cancel'),
        title: t('list.annulTitle'),
        text: (row) => t('list.annulText', { nro: noteNumber(row) }),
        askReason: true,
        run: async (row, reason) => translateMessage((await annulNote(row.id, reason)).message),
      }}
      remove={{
        allowed: can('delete'),
        enabled: canGenerate,
        label: t('list.actions.delete'),
        title: t('list.deleteTitle'),
        text: (row) => t('list.deleteText', { nro: noteNumber(row) }),
        run: async (row) => translateMessage((await deleteNote(row.id)).message),
      }}
      extra={
        can('generar')
          ? [
              {
                key: 'generar',
                label: t('list.actions.generar'),
                icon: <TaskAltOutlined fontSize="small" />,
                enabled: (row) => canGenerate(row) && !generate.isPending,
                onClick: (row) => generate.mutate(row),
              },
            ]
          : []
      }
      delivery={{
        tipoDoc: 'nota',
        allowed: can('print'),
        label: (row) => noteNumber(row),
        enabled: isGenerated,
      }}
      moreLabel={(row) => t('list.actions.more', { nro: noteNumber(row) })}
    />
  );
}
