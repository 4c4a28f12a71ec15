import Delete from '@mui/icons-material/Delete';
import { formatAmount, type ReceivedWithholdingRecord, receivedWithholdingInputSchema } from '@sigece/fiscal';
import { useQueryClient } from '@tanstack/react-query';
import { useCanAccess } from '../../app/permissions.ts';
import { CatalogScreen, statusColumn } from '../../components/CatalogScreen.tsx';
import type { DataTableColumn } from '../../components/DataTable/index.ts';
import { SchemaFormDialog } from '../../components/SchemaFormDialog.tsx';
import { useCompanyOptions } from '../catalog/api.ts';
import { annulReceived, createReceived, deleteReceived, fetchReceived, receivedKey } from './api.ts';

const PATH = '/retenciones/recibidas';

type Form = {
  id_localidad: string;
  rifAgente: string;
  nombreAgente: string;
  nroComprobante: string;
  fechaComprobante: string;
  nroControlFactura: string;
  montoRetenido: string;
};

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * /retenciones/recibidas: the IVA withholding vouchers a company received from buyers
 * outside sigece — searched, paged, recorded (the server checks the invoice, its IVA and duplicates),
 * annulled or deleted; the sales book shows them in 'IVA Retenido por el Comprador'.
 */
export default function ReceivedWithholdingsPage() {
  const canAccess = useCanAccess();
  const queryClient = useQueryClient();
  const columns: DataTableColumn<ReceivedWithholdingRecord>[] = [
    { id: 'cliente', header: 'Razón Social', value: (r) => r.cliente },
    { id: 'agente', header: 'Agente de Retención', value: (r) => `${r.rifAgente} / ${r.nombreAgente}` },
    { id: 'comprobante', header: 'N° Comprobante', value: (r) => r.nroComprobante, nowrap: true, code: true },
    { id: 'fecha', header: 'Fecha', value: (r) => day(r.fechaComprobante), nowrap: true },
    {
      id: 'factura',
      header: 'Factura (N° Control)',
      value: (r) => `${r.nroFactura} (${r.nroControlFactura})`,
      nowrap: true,
    },
    {
      id: 'iva',
      header: 'IVA Factura',
      value: (r) => formatAmount(r.ivaFactura),
      align: 'right',
      nowrap: true,
    },
    {
      id: 'monto',
      header: 'IVA Retenido',
      value: (r) => formatAmount(r.montoRetenido),
      align: 'right',
      nowrap: true,
    },
    statusColumn('Estatus'),
  ];
  return (
    <CatalogScreen<ReceivedWithholdingRecord>
      title="Retenciones de IVA Recibidas"
      queryKey={receivedKey}
      fetchPage={fetchReceived}
      columns={columns}
      getRowId={(r) => r.id}
      exportName="retenciones-recibidas"
      searchPlaceholder="Buscar por agente o N° de comprobante"
      nameOf={(r) => `N° ${r.nroComprobante}`}
      isActive={(r) => r.logEstatusRegistro === 'ACTIVO'}
      canAdd={canAccess(PATH)}
      canEdit={false}
      addLabel="Registrar retención recibida"
      toggle={{
        mode: 'confirm',
        inactivate: annulReceived,
        activate: () =>
          Promise.reject(new Error('Una retención anulada no se reactiva: regístrela de nuevo')),
      }}
      extra={[
        {
          key: 'delete',
          label: 'Eliminar',
          icon: <Delete fontSize="small" />,
          allowed: canAccess(PATH),
          onClick: async (row) => {
            await deleteReceived(row);
            await queryClient.invalidateQueries({ queryKey: receivedKey });
          },
        },
      ]}
      renderForm={({ onClose, onSaved }) => <ReceivedForm onClose={onClose} onSaved={onSaved} />}
    />
  );
}

function ReceivedForm({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (r: ReceivedWithholdingRecord, message: string) => void;
}) {
  const companies = useCompanyOptions();
  const options = (companies.data ?? []).map((c) => ({ value: c.id, label: c.nombre }));
  return (
    <SchemaFormDialog<Form, ReceivedWithholdingRecord>
      key={companies.isSuccess ? 'ready' : 'loading'}
      title="Registrar retención de IVA recibida"
      schema={receivedWithholdingInputSchema}
      defaultValues={{
        id_localidad: options.length === 1 ? options[0].value : '',
        rifAgente: '',
        nombreAgente: '',
        nroComprobante: '',
        fechaComprobante: '',
        nroControlFactura: '',
        montoRetenido: '',
      }}
      fields={() => [
        { name: 'id_localidad', label: 'Razón Social', kind: 'select', required: true, options },
        { name: 'rifAgente', label: 'RIF del Agente de Retención', required: true, size: 5, maxLength: 14 },
        { name: 'nombreAgente', label: 'Nombre del Agente', required: true, size: 7, maxLength: 100 },
        { name: 'nroComprobante', label: 'N° Comprobante', required: true, size: 6, maxLength: 20 },
        { name: 'fechaComprobante', label: 'Fecha del Comprobante', kind: 'date', required: true, size: 6 },
        {
          name: 'nroControlFactura',
          label: 'N° Control de la Factura',
          required: true,
          size: 6,
          maxLength: 30,
        },
        {
          name: 'montoRetenido',
          label: 'IVA Retenido (Bs.)',
          required: true,
          size: 6,
          inputMode: 'decimal',
          maxLength: 20,
        },
      ]}
      submit={createReceived}
      onSaved={onSaved}
      onClose={onClose}
    />
  );
}
