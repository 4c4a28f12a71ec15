import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fetchAllPages } from '../../app/api.ts';
import { schemaResolver } from '../../app/forms.ts';
import { type CellSize, type GridField, LineEntryForm } from '../../components/form/index.ts';
import { fetchIslr, islrKey } from '../catalog/api.ts';
import { NS } from './register.ts';
import { emptyIslrLine, type IslrLineValues, islrLineSchema } from './withholdingDraft.ts';

/** Spec 002 §9: the ISLR concepts are read 100 at a time. */
const CONCEPTS_PAGE = 100;

/** The ISLR line form (spec 002 §2.3, §5 "ISLR line"): the concept of Decreto 1.808 and its amounts. */
export function IslrLineForm({
  initial,
  onAdd,
}: {
  /** A document handed over by the purchase list fills the form (its concept is the user's choice). */
  initial: IslrLineValues | null;
  onAdd: (line: IslrLineValues) => void;
}) {
  const { t } = useTranslation(NS);
  const concepts = useQuery({
    queryKey: [...islrKey, 'all'],
    queryFn: ({ signal }) =>
      fetchAllPages((page, limit) => fetchIslr({ page, limit, search: '' }, signal), CONCEPTS_PAGE),
    staleTime: 300_000,
  });
  const { control, handleSubmit, reset } = useForm<IslrLineValues>({
    resolver: schemaResolver<IslrLineValues>(islrLineSchema),
    defaultValues: initial ?? emptyIslrLine(),
  });
  useEffect(() => reset(initial ?? emptyIslrLine()), [initial, reset]);
  // One option per code: a concept's code names it whatever the person type the table row is for.
  const options = [...new Map((concepts.data ?? []).map((c) => [c.Codigo, c])).values()].map((c) => ({
    value: c.Codigo,
    label: `${c.Codigo} - ${c.Concepto}`,
  }));

  const add = (line: IslrLineValues) => {
    onAdd(line);
    reset({ ...emptyIslrLine(), fechaDocumento: line.fechaDocumento });
  };

  const wide: CellSize = { xs: 12, sm: 6, md: 3 };
  const narrow: CellSize = { xs: 12, sm: 6, md: 2 };
  const fields: GridField<IslrLineValues>[] = [
    {
      kind: 'select',
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
      kind: 'amount',
      name: 'causadoRetenido',
      label: t('line.causadoRetenido'),
      size: narrow,
      required: true,
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
