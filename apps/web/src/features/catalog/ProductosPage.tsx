import './register.ts';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { formatQuantity } from '@sigece/fiscal';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/permissions.ts';
import { CatalogScreen, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn, DataTableQuery } from '../../components/DataTable/index.ts';
import { DetailList } from '../../components/DetailList.tsx';
import { MoneyText } from '../../components/Display.tsx';
import { type Product, productsKey } from '../../components/ProductPicker/index.ts';
import { fetchProducts, toggleProduct, useCompanyOptions } from './api.ts';
import { NS } from './common.tsx';
import { productFallbacks } from './fallbacks.ts';
import { ProductFormDialog } from './ProductFormDialog.tsx';

export const PRODUCT_PATH = '/mantenimiento/Producto';
const rowId = (p: Product) => p.id;

/**
 * /mantenimiento/Producto: Codigo, Descripcion, Razon Social, Tipo Alicuota (Exonerado, Exento or the
 * concept), Estatus. Permission keys add, update and cancel (one Activar/Inactivar modal).
 */
export default function ProductosPage() {
  const { t } = useTranslation(NS);
  const can = usePermission(PRODUCT_PATH);
  const companies = useCompanyOptions();
  const [localidad, setLocalidad] = useState('');
  const fetchPage = useCallback(
    (q: DataTableQuery, signal?: AbortSignal) =>
      fetchProducts({ ...q, localidad: localidad || undefined }, signal),
    [localidad],
  );
  const columns: DataTableColumn<Product>[] = [
    { id: 'codigo', header: t('productos.columns.codigo'), value: (p) => p.codigo, nowrap: true, code: true },
    {
      id: 'descripcion',
      header: t('productos.columns.descripcion'),
      value: (p) => p.descripcion,
      width: '35%',
    },
    { id: 'razonSocial', header: t('productos.columns.razonSocial'), value: (p) => p.id_localidad.nombre },
    { id: 'tipoAlicuota', header: t('productos.columns.tipoAlicuota'), value: (p) => p.tipoAlicuota },
    statusColumn(t('common.estatus')),
  ];
  return (
    <CatalogScreen<Product>
      title={t('productos.title')}
      queryKey={[...productsKey, 'list', { localidad }]}
      fetchPage={fetchPage}
      columns={columns}
      getRowId={rowId}
      exportName="productos"
      nameOf={(p) => `${p.codigo} - ${p.descripcion}`}
      isActive={(p) => p.logEstatusRegistro === 'ACTIVO'}
      renderDetail={(p) => <ProductDetail product={p} />}
      canAdd={can('add')}
      canEdit={can('update')}
      canToggle={can('cancel')}
      toggle={{ mode: 'modal', toggle: toggleProduct }}
      errorFallbacks={productFallbacks}
      alsoInvalidate={[productsKey]}
      toolbar={
        (companies.data?.length ?? 0) > 1 && (
          <TextField
            select
            size="small"
            label={t('productos.fields.id_localidad')}
            value={localidad}
            onChange={(e) => setLocalidad(e.target.value)}
            fullWidth={false}
            sx={{ minWidth: 220 }}
          >
            <MenuItem value="">{t('clientes.allCompanies')}</MenuItem>
            {(companies.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.nombre}
              </MenuItem>
            ))}
          </TextField>
        )
      }
      renderForm={({ row, onClose, onSaved }) => (
        <ProductFormDialog product={row} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}

function ProductDetail({ product: p }: { product: Product }) {
  const { t } = useTranslation(NS);
  const tax = p.exonerado
    ? t('iva.exonerado')
    : p.exento
      ? t('iva.exento')
      : p.tipoGravamen
        ? `${p.tipoGravamen.concepto}${p.tipoGravamen.valor ? ` (${p.tipoGravamen.valor} %)` : ''}`
        : '—';
  return (
    <DetailList
      rows={[
        [t('productos.detail.unidad'), p.unidadMedida],
        [t('productos.detail.stock'), formatQuantity(p.stock)],
        [
          t('productos.detail.tipoVenta'),
          t(`productos.saleTypes.${p.tipoVenta}`, { defaultValue: p.tipoVenta }),
        ],
        [
          t('productos.detail.precios'),
          <span key="p" style={{ display: 'inline-flex', gap: 16, flexWrap: 'wrap' }}>
            <MoneyText amount={p.precio} currency="VES" />
            <MoneyText amount={p.divisaPrecio} currency="USD" />
            <MoneyText amount={p.PrecioPtr} currency="PTR" />
            <MoneyText amount={p.PrecioEur} currency="EUR" />
          </span>,
        ],
        [t('productos.detail.alicuota'), tax],
      ]}
    />
  );
}
