import './i18n.ts';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, type FormEvent, type ReactNode, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import {
  CompanyBranchDateFields,
  type CompanyBranchDates,
  datesInverted,
  type FilterCompany,
} from './FilterFields.tsx';
import { DOCUMENTS_NS } from './i18n.ts';

export interface DocumentFilterDialogProps<F extends CompanyBranchDates, C extends FilterCompany> {
  title: string;
  initial: F;
  /** The filters with their empty fields dropped: only those are sent (spec 001 §5.5, §5.6). */
  compact: (filters: F) => F;
  /**
   * The family's filter call; its message is the success toast ('Busqueda Ejecutada'). Without it the
   * filters apply at once (a family whose list call takes them as query parameters).
   */
  search?: (filters: F) => Promise<{ message: string }>;
  /** The submit button (default 'Buscar'; the withholding list says 'Filtrar'). */
  submitLabel?: string;
  onApply: (filters: F) => void;
  onClose: () => void;
  companies: C[];
  companiesLoading: boolean;
  /** The family's number field (Nro. Factura, Nro. Nota). */
  numberField: (values: F, set: (patch: Partial<F>) => void) => ReactNode;
  /** More fields below the dates (e.g. the invoice's client). */
  children?: (values: F, setValues: Dispatch<SetStateAction<F>>) => ReactNode;
}

/**
 * The filter dialog of a document list: company, branch, number, from and to (and the family's own
 * fields); a search with no field set clears the filter, otherwise the family's call runs once and the
 * dialog closes on success only.
 */
export function DocumentFilterDialog<F extends CompanyBranchDates, C extends FilterCompany>({
  title,
  initial,
  compact,
  search,
  onApply,
  onClose,
  companies,
  companiesLoading,
  numberField,
  children,
  submitLabel,
}: DocumentFilterDialogProps<F, C>) {
  const { t } = useTranslation(DOCUMENTS_NS);
  const [values, setValues] = useState<F>(initial);
  const set = (patch: Partial<F>) => setValues((v) => ({ ...v, ...patch }));
  const run = useMutation({ mutationFn: (filters: F) => search?.(filters) ?? Promise.resolve(null) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (datesInverted(values)) return;
    const filters = compact(values);
    if (Object.keys(filters).length === 0 || !search) return onApply(filters);
    try {
      const answer = await run.mutateAsync(filters);
      if (answer) notifySuccess(translateMessage(answer.message));
      onApply(filters);
    } catch {
      // The shared handler showed the failure; the dialog stays open.
    }
  };

  return (
    <FormDialog
      open
      title={title}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={run.isPending}
      submitLabel={submitLabel ?? t('filter.apply')}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        <CompanyBranchDateFields
          values={values}
          // F extends those four fields: a patch of them is a patch of F.
          set={(patch) => set(patch as Partial<F>)}
          companies={companies}
          loading={companiesLoading}
        >
          {numberField(values, set)}
        </CompanyBranchDateFields>
        {children?.(values, setValues)}
        <Grid size={12}>
          <Button size="small" onClick={() => setValues({} as F)}>
            {t('filter.clear')}
          </Button>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
