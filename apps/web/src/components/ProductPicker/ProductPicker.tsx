import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerResources } from '../../app/i18n.ts';
import { defineResources } from '../../app/resources.ts';
import { MoneyText } from '../Display.tsx';
import { type PricedProduct, type ProductCurrency, productsByCompany, productsKey } from './api.ts';

const NS = 'productPicker';
registerResources(
  NS,
  defineResources(
    {
      label: 'Producto',
      placeholder: 'Código o descripción',
      noRecords: 'No hay registros',
      noPrice_one:
        '{{count}} producto coincide, pero no tiene precio en {{currency}}: agréguelo en Productos.',
      noPrice_other:
        '{{count}} productos coinciden, pero no tienen precio en {{currency}}: agréguelo en Productos.',
      loading: 'Buscando...',
      selectCompany: 'Seleccione la razón social',
    },
    {
      label: 'Product',
      placeholder: 'Code or description',
      noRecords: 'No records',
      noPrice_one: '{{count}} product matches but has no price in {{currency}}: add it under Products.',
      noPrice_other: '{{count}} products match but have no price in {{currency}}: add it under Products.',
      loading: 'Searching...',
      selectCompany: 'Select the company',
    },
  ),
);

/** Display suffix of the currency (VEF is shown as Bs.). */
const moneyCode = (divisa: ProductCurrency) => (divisa === 'VEF' ? 'VES' : divisa);

export interface ProductPickerProps {
  /** The company whose products are offered; without it the picker is disabled. */
  localidadId: string | null | undefined;
  /** The invoice currency: the price shown and returned (precioDivisa) is the one in that currency. */
  divisa: ProductCurrency;
  value: PricedProduct | null;
  onChange: (product: PricedProduct | null) => void;
  label?: string;
  disabled?: boolean;
  error?: string;
  /** How many suggestions to ask for (default 20). */
  limit?: number;
  /** Focus on mount (the add-line dialog: type, Enter picks the first suggestion, Enter adds). */
  autoFocus?: boolean;
}

export const productLabel = (p: { codigo: string; descripcion: string }) => `${p.codigo} - ${p.descripcion}`;

/**
 * Autocomplete over the company's ACTIVO products priced in `divisa`
 * (GET /v2/mantenimiento/producto/prductosbylocalidad/{id}/divisa/{divisa}?search=): each suggestion
 * shows 'codigo - descripcion' and its price in that currency.
 */
export function ProductPicker({
  localidadId,
  divisa,
  value,
  onChange,
  label,
  disabled,
  error,
  limit = 20,
  autoFocus,
}: ProductPickerProps) {
  const { t } = useTranslation(NS);
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const inactive = disabled || !localidadId;

  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);

  const query = useQuery({
    queryKey: [...productsKey, 'picker', localidadId, divisa, term, limit],
    queryFn: ({ signal }) => productsByCompany(localidadId as string, divisa, term, signal, limit),
    enabled: !inactive && open,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  return (
    <Autocomplete<PricedProduct, false, false, false>
      value={value}
      onChange={(_, product) => onChange(product)}
      inputValue={value && !open ? productLabel(value) : input}
      onInputChange={(_, next, reason) => {
        if (reason === 'input') setInput(next);
        else if (reason === 'clear') setInput('');
      }}
      open={open}
      onOpen={() => {
        setOpen(true);
        if (value) setInput('');
      }}
      onClose={() => setOpen(false)}
      options={query.data?.results ?? []}
      filterOptions={(x) => x}
      // Enter takes the first suggestion (a line is added from the keyboard alone), but only once the
      // suggestions answer what is typed: never a stale list's first while the search is under way.
      autoHighlight={term === input.trim() && !query.isPlaceholderData}
      getOptionLabel={productLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={query.isFetching}
      loadingText={t('loading')}
      noOptionsText={
        query.data?.sinPrecio
          ? t('noPrice', { count: query.data.sinPrecio, currency: divisa === 'VEF' ? 'Bs.' : divisa })
          : t('noRecords')
      }
      disabled={inactive}
      renderOption={(props, p) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <Box sx={{ display: 'flex', width: '100%', gap: 2, justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {productLabel(p)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <MoneyText amount={p.precioDivisa} currency={moneyCode(divisa)} />
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('label')}
          placeholder={t('placeholder')}
          autoFocus={autoFocus}
          error={!!error}
          helperText={error ?? (!localidadId ? t('selectCompany') : undefined)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps?.htmlInput, 'data-testid': 'product-picker-input' },
          }}
        />
      )}
    />
  );
}
