import './register.ts';
import { useTranslation } from 'react-i18next';
import { statusColumn } from '../../components/CatalogScreen.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { formatPercent, isoDay } from '../../components/format.ts';
import { fetchTipos, type TipoGravamen, tiposKey, valueInForce } from './api.ts';
import { NS, today, useYesNo } from './common.tsx';

const rowId = (t: TipoGravamen) => t.id;

/** /mantenimiento/IVA 'IVA/Alic.': the IVA rate types with the value in force today (read only). */
export default function IvaPage() {
  const { t } = useTranslation(NS);
  const yesNo = useYesNo();
  const day = today();
  const rate = (r: TipoGravamen) => {
    if (r.exonerado) return t('iva.exonerado');
    if (r.exento) return t('iva.exento');
    const value = valueInForce(r, day);
    return value ? formatPercent(value.valor) : t('iva.none');
  };
  const columns: DataTableColumn<TipoGravamen>[] = [
    { id: 'codigo', header: t('iva.columns.codigo'), value: (r) => r.codigo, width: 90 },
    { id: 'concepto', header: t('iva.columns.concepto'), value: (r) => r.concepto, width: '40%' },
    { id: 'ivaGeneral', header: t('iva.columns.ivaGeneral'), value: (r) => yesNo(r.ivaGeneral) },
    { id: 'valor', header: t('iva.columns.valor'), value: rate, align: 'right', nowrap: true },
    {
      id: 'desde',
      header: t('iva.columns.desde'),
      value: (r) => isoDay(valueInForce(r, day)?.fechaDesde),
    },
    statusColumn(t('common.estatus')),
  ];
  return (
    <DataTable<TipoGravamen>
      title={t('iva.title')}
      queryKey={[...tiposKey, 'iva']}
      fetchPage={fetchTipos}
      columns={columns}
      getRowId={rowId}
      exportName="iva-alicuotas"
    />
  );
}
