import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { type CellSize, type GridField, LineEntryForm } from '../../components/form/index.ts';
import { formatNumber } from '../../components/format.ts';
import { NS } from './register.ts';
import {
  duplicateMessage,
  emptyIvaLine,
  IVA_LINE_RATES,
  type IvaLineValues,
  ivaFieldDisabled,
  ivaIncurred,
  ivaLineSchema,
  ivaWithheld,
  TRANSACTION_TYPES,
} from './withholdingDraft.ts';

const CELL: CellSize = { xs: 12, sm: 4, md: 3 };

/**
 * The IVA line form (spec 002 §2.3, §4, §5 "IVA line"): '01-REG' disables note number and affected
 * document, the adjustments disable the document number; the tax incurred (base × rate) and withheld
 * (× the voucher's rate) are shown as computed. A duplicate line is refused with the spec's message.
 */
export function IvaLineForm({
  tasa,
  lines,
  onAdd,
}: {
  tasa: string;
  lines: ReadonlyArray<IvaLineValues>;
  onAdd: (line: IvaLineValues) => void;
}) {
  const { t } = useTranslation(NS);
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const { control, handleSubmit, watch, setValue, reset } = useForm<IvaLineValues>({
    resolver: schemaResolver<IvaLineValues>(ivaLineSchema),
    defaultValues: emptyIvaLine(),
  });
  const tipo = watch('tipoTransaccion');
  const base = watch('baseImponible');
  const alicuota = watch('alicuota');
  // A field the transaction type disables is emptied, so no stale value is sent.
  useEffect(() => {
    for (const f of ['nroDocumento', 'nroNota', 'nroDocumentoAfectado'] as const)
      if (ivaFieldDisabled(tipo, f)) setValue(f, '');
  }, [tipo, setValue]);

  const add = (line: IvaLineValues) => {
    const message = duplicateMessage(lines, line);
    setDuplicate(message);
    if (message) return;
    onAdd(line);
    reset({ ...emptyIvaLine(), fechaDocumento: line.fechaDocumento });
  };

  const docField = (name: 'nroDocumento' | 'nroNota'): GridField<IvaLineValues> => ({
    kind: 'text',
    name,
    label: t(`line.${name}`),
    size: CELL,
    disabled: ivaFieldDisabled(tipo, name),
    required: !ivaFieldDisabled(tipo, name),
    maxLength: 20,
  });
  const fields: GridField<IvaLineValues>[] = [
    {
      kind: 'select',
      name: 'tipoTransaccion',
      label: t('line.tipoTransaccion'),
      size: CELL,
      required: true,
      options: TRANSACTION_TYPES.map((v) => ({ value: v, label: v })),
    },
    { kind: 'date', name: 'fechaDocumento', label: t('line.fechaDocumento'), size: CELL, required: true },
    docField('nroDocumento'),
    {
      kind: 'text',
      name: 'nroControlDocumento',
      label: t('line.nroControlDocumento'),
      size: CELL,
      required: true,
      maxLength: 20,
    },
    docField('nroNota'),
    {
      kind: 'text',
      name: 'nroDocumentoAfectado',
      label: t('line.nroDocumentoAfectado'),
      size: CELL,
      disabled: ivaFieldDisabled(tipo, 'nroDocumentoAfectado'),
      maxLength: 20,
    },
    {
      kind: 'amount',
      name: 'montoTotalDocumento',
      label: t('line.montoTotalDocumento'),
      size: CELL,
      required: true,
    },
    { kind: 'amount', name: 'compraExento', label: t('line.compraExento'), size: CELL },
    { kind: 'amount', name: 'baseImponible', label: t('line.baseImponible'), size: CELL, required: true },
    {
      kind: 'select',
      name: 'alicuota',
      label: t('line.alicuota'),
      size: CELL,
      required: true,
      options: IVA_LINE_RATES.map((r) => ({ value: r, label: `${r} %` })),
    },
    {
      kind: 'computed',
      key: 'impuestoCausado',
      label: t('line.impuestoCausado'),
      size: CELL,
      value: formatNumber(ivaIncurred({ baseImponible: base, alicuota })),
    },
    {
      kind: 'computed',
      key: 'impuestoRetenido',
      label: t('line.impuestoRetenido'),
      size: CELL,
      value: formatNumber(ivaWithheld({ baseImponible: base, alicuota }, tasa)),
    },
  ];

  return (
    <LineEntryForm<IvaLineValues>
      control={control}
      fields={fields}
      label={t('new.detail')}
      submitLabel={t('new.addLine')}
      onSubmit={handleSubmit(add)}
    >
      {duplicate && <Alert severity="error">{translateMessage(duplicate)}</Alert>}
    </LineEntryForm>
  );
}
