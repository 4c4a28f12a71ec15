import './register.ts';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import { formatAmount, type PurchaseRecord, purchaseWithholdingPrefill } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCanAccess } from '../../app/permissions.ts';
import { CatalogScreen, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import {
  ADD_WITHHOLDING_PATH,
  activatePurchase,
  fetchPurchases,
  inactivatePurchase,
  PURCHASE_FORM_PATH,
  purchasesKey,
  WITHHOLDINGS_PATH,
} from './api.ts';
import { PURCHASES_NS } from './i18n.ts';
import { calendarDate, PurchaseDetail } from './PurchaseDetail.tsx';

/**
 * /facturacion/compras (spec 001 §2.5): ID, N° Control, N° Factura, Fecha, Cliente, Proveedor, Estatus
 * (plus the total and, for roles that see withholdings, the count of vouchers issued against it);
 * new and edit (the form page; edit hidden when INACTIVO), inactivate / activate, the detail panel, and
 * 'Retener IVA' / 'Retener ISLR' opening the add-withholding page with the purchase as its prefill
 * (packages/fiscal/src/withholdings/prefill.ts).
 */
export default function PurchasesPage() {
  const { t } = useTranslation(PURCHASES_NS);
  const navigate = useNavigate();
  const canAccess = useCanAccess();
  const canWithhold = canAccess(ADD_WITHHOLDING_PATH);
  const canSeeVouchers = canAccess(WITHHOLDINGS_PATH);
  const columns: DataTableColumn<PurchaseRecord>[] = [
    { id: 'id', header: t('list.columns.id'), value: (r) => r.id, nowrap: true },
    {
      id: 'nroControl',
      header: t('list.columns.nroControl'),
      value: (r) => r.nroControl,
      nowrap: true,
      code: true,
    },
    {
      id: 'nroFactura',
      header: t('list.columns.nroFactura'),
      value: (r) => r.nroFactura,
      nowrap: true,
      code: true,
    },
    {
      id: 'fecha',
      header: t('list.columns.fecha'),
      value: (r) => calendarDate(r.fechaFactura),
      nowrap: true,
    },
    { id: 'cliente', header: t('list.columns.cliente'), value: (r) => r.cliente },
    {
      id: 'proveedor',
      header: t('list.columns.proveedor'),
      value: (r) => `${r.proveedor.rif} / ${r.proveedor.identificacion}`,
    },
    {
      id: 'total',
      header: t('list.columns.total'),
      value: (r) => formatAmount(r.importeTotal),
      align: 'right',
      nowrap: true,
    },
    // The active withholding vouchers issued against it; their list is in the detail panel.
    ...(canSeeVouchers
      ? [
          {
            id: 'retenciones',
            header: t('list.columns.retenciones'),
            value: (r: PurchaseRecord) => r.retenciones ?? '',
            align: 'right' as const,
          },
        ]
      : []),
    statusColumn(t('list.columns.estatus')),
  ];
  const withhold = (modelo: 'IVA' | 'ISLR') => (row: PurchaseRecord) =>
    navigate(ADD_WITHHOLDING_PATH, { state: { prefill: purchaseWithholdingPrefill(row, modelo) } });
  return (
    <CatalogScreen<PurchaseRecord>
      title={t('list.title')}
      queryKey={purchasesKey}
      fetchPage={fetchPurchases}
      columns={columns}
      getRowId={(r) => String(r.id)}
      exportName="facturas-compra"
      searchPlaceholder={t('list.searchPlaceholder')}
      nameOf={(r) => `N° ${r.nroFactura}`}
      isActive={(r) => r.logEstatusRegistro === 'ACTIVO'}
      renderDetail={(r) => <PurchaseDetail purchase={r} />}
      toggle={{ mode: 'confirm', inactivate: inactivatePurchase, activate: activatePurchase }}
      toolbar={
        canAccess(PURCHASE_FORM_PATH) && (
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to={PURCHASE_FORM_PATH}>
            {t('list.add')}
          </Button>
        )
      }
      extra={[
        {
          key: 'edit',
          label: t('list.edit'),
          icon: <EditOutlined fontSize="small" />,
          allowed: canAccess(PURCHASE_FORM_PATH),
          onClick: (row) => navigate(PURCHASE_FORM_PATH, { state: { purchase: row } }),
        },
        {
          key: 'retenerIva',
          label: t('list.retenerIva'),
          icon: <PercentOutlined fontSize="small" />,
          allowed: canWithhold,
          onClick: withhold('IVA'),
        },
        {
          key: 'retenerIslr',
          label: t('list.retenerIslr'),
          icon: <ReceiptLongOutlined fontSize="small" />,
          allowed: canWithhold,
          onClick: withhold('ISLR'),
        },
      ]}
    />
  );
}
