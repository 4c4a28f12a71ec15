import { dec, formatAmount, type IslrConcept, islrWithheld } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fetchAllPages } from '../../app/api.ts';
import { schemaResolver } from '../../app/forms.ts';
import { errorText } from '../../app/notify.ts';
import { type CellSize, type GridField, LineEntryForm } from '../../components/form/index.ts';
import { type ConceptoIslr, fetchIslr, islrKey } from '../catalog/api.ts';
import { previewIslr } from './api.ts';
import { NS } from './register.ts';
import { utInForceKey, utOn } from './utApi.ts';
import { emptyIslrLine, type IslrLineValues, islrLineSchema } from './withholdingDraft.ts';

/** Spec 002 §9: the ISLR concepts are read 100 at a time. */
const CONCEPTS_PAGE = 100;
const AMOUNT = /^\d{1,15}(\.\d{1,2})?$/;

/** The voucher this line belongs to: what the server needs for a Tarifa N° 2 amount. */
export interface IslrLineContext {
  id_localidad: string;
  rifProveedor: string;
  /** The withholding base of the draft's earlier Tarifa N° 2 lines (they count before this one). */
  acumuladoComprobante: string;
}

/** The catalogue row as the fiscal rule reads it (packages/fiscal IslrConcept). */
export const conceptOf = (c: ConceptoIslr): IslrConcept => ({
  codigo: c.Codigo,
  concepto: c.Concepto,
  tipoPersona: c.TipoPersona,
  porcentaje: c.Porcentaje,
  baseImponible: c.BaseImponible,
  sustraendo: c.Sustraendo,
  factor: c.Factor,
  montoMinimo: c.MontoMinimo,
  tarifa2: c.Tarifa2,
});

/** One concept's option: code, words, person type and percentage ("escalonado" for Tarifa N° 2). */
const optionLabel = (c: ConceptoIslr, progressive: string) =>
  `${c.Codigo} - ${c.Concepto} · ${c.TipoPersona} · ${c.Tarifa2 ? progressive : `${formatAmount(c.Porcentaje)} %`}`;

/**
 * The ISLR line form (spec 002 §2.3, §5 "ISLR line"): the concept of Decreto 1.808, picked by typing its
 * code or words, and its amounts. The amount withheld is not typed: the screen computes
 * it with packages/fiscal's islrWithheld, the function the server's save runs, and the UT in force on the
 * document's date. A Tarifa N° 2 concept depends on what this supplier was paid in the year, which only
 * the server knows: the screen shows the server's figure and says so.
 */
export function IslrLineForm({
  initial,
  onAdd,
  context,
}: {
  /** A document handed over by the purchase list fills the form (its concept is the user's choice). */
  initial: IslrLineValues | null;
  onAdd: (line: IslrLineValues) => void;
  context: IslrLineContext;
}) {
  const { t } = useTranslation(NS);
  const concepts = useQuery({
    queryKey: [...islrKey, 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages((page, limit) => fetchIslr({ page, limit, search: '' }, signal), CONCEPTS_PAGE),
    staleTime: 300_000,
  });
  const { control, handleSubmit, reset, setValue } = useForm<IslrLineValues>({
    resolver: schemaResolver<IslrLineValues>(islrLineSchema),
    defaultValues: initial ?? emptyIslrLine(),
  });
  useEffect(() => reset(initial ?? emptyIslrLine()), [initial, reset]);
  const [codigo, base, fecha] = useWatch({
    control,
    name: ['conceptoIslr', 'baseImponible', 'fechaDocumento'],
  });
  const concept = (concepts.data ?? []).find((c) => c.Codigo === codigo);
  const ready = !!concept && AMOUNT.test(base) && /^\d{4}-\d{2}-\d{2}$/.test(fecha);
  const progressive = !!concept?.Tarifa2;

  const ut = useQuery({
    queryKey: [...utInForceKey, fecha],
    queryFn: () => utOn(fecha),
    enabled: ready && !progressive,
    staleTime: 300_000,
  });
  const server = useQuery({
    queryKey: ['withholdings', 'islr-preview', context, codigo, base, fecha],
    queryFn: ({ signal }) =>
      previewIslr(
        {
          id_localidad: context.id_localidad,
          rifProveedor: context.rifProveedor,
          fechaDocumento: fecha,
          conceptoIslr: codigo,
          baseImponible: base,
          acumuladoComprobante: context.acumuladoComprobante,
        },
        signal,
      ),
    enabled: ready && progressive && !!context.id_localidad,
    meta: { silent: true },
    retry: false,
  });

  // What the screen shows and sends: computed here, or the server's figure for Tarifa N° 2.
  let computed: { retenido: string; note: string } | { error: string } | null = null;
  if (ready && !progressive && ut.isSuccess) {
    try {
      const r = islrWithheld(
        base,
        conceptOf(concept),
        ut.data ? { valor: ut.data.valor, fechaDesde: ut.data.fechaDesde } : null,
      );
      computed = {
        retenido: r.retenido,
        note: dec(r.sustraendo).gt(0)
          ? t('line.islrFormulaSustraendo', {
              base: formatAmount(r.baseRetencion),
              pct: formatAmount(r.porcentaje),
              sustraendo: formatAmount(r.sustraendo),
              ut: formatAmount(r.ut ?? '0'),
            })
          : t('line.islrFormula', { base: formatAmount(r.baseRetencion), pct: formatAmount(r.porcentaje) }),
      };
    } catch (error) {
      computed = { error: (error as Error).message };
    }
  } else if (ready && progressive && server.isSuccess) {
    computed = {
      retenido: server.data.retenido,
      note: t('line.islrTarifa2', { previo: formatAmount(server.data.acumuladoPrevio ?? '0') }),
    };
  } else if (ready && progressive && server.isError) {
    computed = { error: errorText(server.error) };
  }
  const retenido = computed && 'retenido' in computed ? computed.retenido : '';
  useEffect(() => setValue('causadoRetenido', retenido, { shouldValidate: false }), [retenido, setValue]);

  const options = [...new Map((concepts.data ?? []).map((c) => [c.Codigo, c])).values()].map((c) => ({
    value: c.Codigo,
    label: optionLabel(c, t('line.progressive')),
  }));

  const add = (line: IslrLineValues) => {
    onAdd(line);
    reset({ ...emptyIslrLine(), fechaDocumento: line.fechaDocumento });
  };

  const wide: CellSize = { xs: 12, sm: 6, md: 3 };
  const narrow: CellSize = { xs: 12, sm: 6, md: 2 };
  const fields: GridField<IslrLineValues>[] = [
    {
      kind: 'autocomplete',
      name: 'conceptoIslr',
      label: t('line.conceptoIslr'),
      size: { xs: 12, md: 6 },
      required: true,
      options,
      emptyText: concepts.isPending ? undefined : t('line.noConcepts'),
    },
    { kind: 'date', name: 'fechaDocumento', label: t('line.fechaDocumento'), size: wide, required: true },
    {
      kind: 'text',
      name: 'nroDocumento',
      label: t('line.nroDocumento'),
      size: wide,
      required: true,
      maxLength: 20,
    },
    {
      kind: 'text',
      name: 'nroControlDocumento',
      label: t('line.nroControlDocumento'),
      size: wide,
      required: true,
      maxLength: 20,
    },
    {
      kind: 'amount',
      name: 'montoTotalDocumento',
      label: t('line.montoTotalDocumento'),
      size: wide,
      required: true,
    },
    { kind: 'amount', name: 'compraExento', label: t('line.compraExento'), size: narrow },
    { kind: 'amount', name: 'baseImponible', label: t('line.baseImponible'), size: narrow, required: true },
    {
      kind: 'computed',
      key: 'causadoRetenido',
      label: t('line.causadoRetenido'),
      size: { xs: 12, md: 4 },
      value: retenido ? formatAmount(retenido) : '',
      helperText: !ready
        ? t('line.islrPending')
        : computed === null
          ? t('line.islrComputing')
          : 'error' in computed
            ? computed.error
            : computed.note,
    },
  ];

  return (
    <LineEntryForm<IslrLineValues>
      control={control}
      fields={fields}
      label={t('new.detail')}
      submitLabel={t('new.addLine')}
      onSubmit={handleSubmit(add)}
    />
  );
}
