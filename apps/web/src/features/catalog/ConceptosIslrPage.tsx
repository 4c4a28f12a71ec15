import './register.ts';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { formatPercent } from '../../components/format.ts';
import { type ConceptoIslr, fetchIslr, islrKey, useIslrCount } from './api.ts';
import { NS, useYesNo } from './common.tsx';

const rowId = (c: ConceptoIslr) => `${c.Codigo}-${c.TipoPersona}`;

/**
 * /retenciones/consulta-conceptos-islr (spec 002 §2.4): the ISLR withholding concepts, read only, with
 * the count in the title.
 */
export default function ConceptosIslrPage() {
  const { t } = useTranslation(NS);
  const yesNo = useYesNo();
  const count = useIslrCount();
  const columns: DataTableColumn<ConceptoIslr>[] = [
    {
      id: 'codigo',
      header: t('islr.columns.codigo'),
      value: (c) => c.Codigo,
      width: 80,
      nowrap: true,
      code: true,
    },
    { id: 'concepto', header: t('islr.columns.concepto'), value: (c) => c.Concepto },
    {
      id: 'porcentaje',
      header: t('islr.columns.porcentaje'),
      value: (c) => c.Porcentaje,
      render: (c) => formatPercent(c.Porcentaje),
      align: 'right',
      nowrap: true,
    },
    {
      id: 'base',
      header: t('islr.columns.base'),
      value: (c) => c.BaseImponible,
      render: (c) => formatPercent(c.BaseImponible),
      align: 'right',
      nowrap: true,
    },
    { id: 'sustraendo', header: t('islr.columns.sustraendo'), value: (c) => yesNo(c.Sustraendo) },
    { id: 'ut', header: t('islr.columns.ut'), value: (c) => c.UT ?? '' },
    { id: 'factor', header: t('islr.columns.factor'), value: (c) => c.Factor ?? '' },
  ];
  return (
    <DataTable<ConceptoIslr>
      title={count.data === undefined ? t('islr.titleLoading') : t('islr.title', { count: count.data })}
      queryKey={islrKey}
      fetchPage={fetchIslr}
      columns={columns}
      getRowId={rowId}
      isInactive={() => false}
      exportName="conceptos-islr"
    />
  );
}
