import './register.ts';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { DISCOUNT_AMOUNT_TYPES, descuentoSchema } from '@sigece/fiscal';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogScreen, idColumn, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { DetailList } from '../../components/DetailList.tsx';
import { DateText } from '../../components/Display.tsx';
import { formatNumber } from '../../components/format.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { type Descuento, descuentos, useBranchOptions, useCompanyOptions } from './api.ts';
import { NS } from './common.tsx';

const rowId = (d: Descuento) => d.id;
const decimal = (v: string) => v.replace(/[^\d.]/g, '');

interface DescuentoForm {
  titulo: string;
  descripcion: string;
  tipoMonto: string;
  monto: string;
  localidad: string;
  sucursal: string;
}

/**
 * /mantenimiento/Descuento: ID, Titulo, Descripcion, Sucursal address, Monto, Tipo Monto (0 Bs., 1 %,
 * 2 UT), with the extra 'Consultar' action.
 */
export default function DescuentoPage() {
  const { t } = useTranslation(NS);
  const companies = useCompanyOptions();
  const branches = useBranchOptions();
  const [viewing, setViewing] = useState<Descuento | null>(null);
  const branchOf = (id: string | null) => (id ? branches.data?.find((b) => b.id === id) : undefined);
  const amountType = (n: number) => t(`descuentos.amountTypes.${n}`, { defaultValue: String(n) });

  const columns: DataTableColumn<Descuento>[] = [
    idColumn(t('common.id')),
    { id: 'titulo', header: t('descuentos.columns.titulo'), value: (d) => d.titulo },
    {
      id: 'descripcion',
      header: t('descuentos.columns.descripcion'),
      value: (d) => d.descripcion,
      width: '30%',
    },
    {
      id: 'sucursal',
      header: t('descuentos.columns.sucursal'),
      value: (d) => (d.sucursal ? (branchOf(d.sucursal)?.direccion ?? '') : t('descuentos.allBranches')),
    },
    {
      id: 'monto',
      header: t('descuentos.columns.monto'),
      value: (d) => d.monto,
      render: (d) => formatNumber(d.monto),
      align: 'right',
      nowrap: true,
    },
    { id: 'tipoMonto', header: t('descuentos.columns.tipoMonto'), value: (d) => amountType(d.tipoMonto) },
    statusColumn(t('common.estatus')),
  ];

  return (
    <>
      <CatalogScreen<Descuento>
        title={t('descuentos.title')}
        queryKey={descuentos.key}
        fetchPage={descuentos.list}
        columns={columns}
        getRowId={rowId}
        exportName="descuentos"
        nameOf={(d) => d.titulo}
        isActive={(d) => d.logEstatusRegistro === 'ACTIVO'}
        toggle={{
          mode: 'confirm',
          inactivate: (d) => descuentos.inactivate(d.id),
          activate: (d) => descuentos.activate(d.id),
        }}
        extra={[
          {
            key: 'view',
            label: t('common.view'),
            icon: <VisibilityOutlined fontSize="small" />,
            onInactive: true,
            onClick: (d) => setViewing(d),
          },
        ]}
        renderForm={({ row, onClose, onSaved }) => (
          <SchemaFormDialog<DescuentoForm, Descuento>
            title={row ? t('descuentos.editTitle') : t('descuentos.addTitle')}
            schema={descuentoSchema}
            defaultValues={{
              titulo: row?.titulo ?? '',
              descripcion: row?.descripcion ?? '',
              tipoMonto: String(row?.tipoMonto ?? 0),
              monto: row?.monto ?? '',
              localidad: row?.localidad ?? (companies.data?.length === 1 ? companies.data[0].id : ''),
              sucursal: row?.sucursal ?? '',
            }}
            fields={(v) => [
              {
                name: 'localidad',
                label: t('descuentos.fields.localidad'),
                kind: 'select',
                required: true,
                size: 6,
                clears: ['sucursal'],
                emptyText: t('common.noCompanies'),
                options: (companies.data ?? []).map((c) => ({ value: c.id, label: c.nombre })),
              },
              {
                name: 'sucursal',
                label: t('descuentos.fields.sucursal'),
                kind: 'select',
                size: 6,
                disabled: !v.localidad,
                options: [
                  { value: '', label: t('descuentos.allBranches') },
                  ...(branches.data ?? [])
                    .filter((b) => b.id_localidad === v.localidad)
                    .map((b) => ({ value: b.id, label: b.nombre })),
                ],
              },
              { name: 'titulo', label: t('descuentos.fields.titulo'), required: true, maxLength: 100 },
              {
                name: 'descripcion',
                label: t('descuentos.fields.descripcion'),
                kind: 'multiline',
                required: true,
                maxLength: 300,
              },
              {
                name: 'monto',
                label: t('descuentos.fields.monto'),
                required: true,
                size: 6,
                mask: decimal,
                inputMode: 'decimal',
              },
              {
                name: 'tipoMonto',
                label: t('descuentos.fields.tipoMonto'),
                kind: 'select',
                required: true,
                size: 6,
                options: DISCOUNT_AMOUNT_TYPES.map((n) => ({ value: String(n), label: amountType(n) })),
              },
            ]}
            submit={(v) => {
              const body = {
                ...v,
                tipoMonto: Number(v.tipoMonto),
                sucursal: v.sucursal || undefined,
              };
              return row ? descuentos.update(row.id, body) : descuentos.create(body);
            }}
            onSaved={onSaved}
            onClose={onClose}
          />
        )}
      />
      {viewing && (
        <DescuentoDialog
          descuento={viewing}
          company={companies.data?.find((c) => c.id === viewing.localidad)?.nombre ?? ''}
          branch={branchOf(viewing.sucursal)}
          amountType={amountType(viewing.tipoMonto)}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}

/** 'Consultar': the whole discount, read only. */
function DescuentoDialog({
  descuento,
  company,
  branch,
  amountType,
  onClose,
}: {
  descuento: Descuento;
  company: string;
  branch?: { nombre: string; direccion: string | null };
  amountType: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('descuentos.viewTitle')}</DialogTitle>
      <DialogContent dividers>
        <DetailList
          rows={[
            [t('common.id'), descuento.id],
            [t('descuentos.fields.titulo'), descuento.titulo],
            [t('descuentos.fields.descripcion'), descuento.descripcion],
            [t('descuentos.fields.monto'), `${descuento.monto} ${amountType}`],
            [t('descuentos.detail.razonSocial'), company || '—'],
            [t('descuentos.detail.sucursal'), branch?.nombre ?? t('descuentos.allBranches')],
            [t('descuentos.detail.direccion'), branch?.direccion ?? '—'],
            [t('common.estatus'), descuento.logEstatusRegistro],
            [t('common.user'), descuento.logUsername],
            [t('common.registered'), <DateText key="r" value={descuento.logFechaRegistro} withTime />],
            [
              t('common.modified'),
              descuento.logFechaModificacion ? (
                <DateText key="m" value={descuento.logFechaModificacion} withTime />
              ) : (
                t('common.notModified')
              ),
            ],
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
