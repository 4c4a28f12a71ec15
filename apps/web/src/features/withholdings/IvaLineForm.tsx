import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import {
  FormAmountField,
  FormDateField,
  FormSelectField,
  FormTextField,
} from '../../components/form/index.ts';
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

const max20 = { slotProps: { htmlInput: { maxLength: 20 } } };

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

  return (
    <Grid
      container
      spacing={2}
      component="form"
      noValidate
      aria-label={t('new.detail')}
      onSubmit={handleSubmit(add)}
    >
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormSelectField<IvaLineValues>
          control={control}
          name="tipoTransaccion"
          label={t('line.tipoTransaccion')}
          required
          options={TRANSACTION_TYPES.map((v) => ({ value: v, label: v }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormDateField<IvaLineValues>
          control={control}
          name="fechaDocumento"
          label={t('line.fechaDocumento')}
          required
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormTextField<IvaLineValues>
          control={control}
          name="nroDocumento"
          label={t('line.nroDocumento')}
          disabled={ivaFieldDisabled(tipo, 'nroDocumento')}
          required={!ivaFieldDisabled(tipo, 'nroDocumento')}
          textFieldProps={max20}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormTextField<IvaLineValues>
          control={control}
          name="nroControlDocumento"
          label={t('line.nroControlDocumento')}
          required
          textFieldProps={max20}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormTextField<IvaLineValues>
          control={control}
          name="nroNota"
          label={t('line.nroNota')}
          disabled={ivaFieldDisabled(tipo, 'nroNota')}
          required={!ivaFieldDisabled(tipo, 'nroNota')}
          textFieldProps={max20}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormTextField<IvaLineValues>
          control={control}
          name="nroDocumentoAfectado"
          label={t('line.nroDocumentoAfectado')}
          disabled={ivaFieldDisabled(tipo, 'nroDocumentoAfectado')}
          textFieldProps={max20}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormAmountField<IvaLineValues>
          control={control}
          name="montoTotalDocumento"
          label={t('line.montoTotalDocumento')}
          required
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormAmountField<IvaLineValues>
          control={control}
          name="compraExento"
          label={t('line.compraExento')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormAmountField<IvaLineValues>
          control={control}
          name="baseImponible"
          label={t('line.baseImponible')}
          required
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <FormSelectField<IvaLineValues>
          control={control}
          name="alicuota"
          label={t('line.alicuota')}
          required
          options={IVA_LINE_RATES.map((r) => ({ value: r, label: `${r} %` }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <TextField
          label={t('line.impuestoCausado')}
          value={formatNumber(ivaIncurred({ baseImponible: base, alicuota }))}
          slotProps={{ input: { readOnly: true }, htmlInput: { style: { textAlign: 'right' } } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4, md: 3 }}>
        <TextField
          label={t('line.impuestoRetenido')}
          value={formatNumber(ivaWithheld({ baseImponible: base, alicuota }, tasa))}
          slotProps={{ input: { readOnly: true }, htmlInput: { style: { textAlign: 'right' } } }}
        />
      </Grid>
      {duplicate && (
        <Grid size={12}>
          <Alert severity="error">{translateMessage(duplicate)}</Alert>
        </Grid>
      )}
      <Grid size={12} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="outlined" startIcon={<Add />}>
          {t('new.addLine')}
        </Button>
      </Grid>
    </Grid>
  );
}
