import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { dec } from '@sigece/fiscal';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { formatPercent } from '../../components/format.ts';
import { type PricedProduct, ProductPicker } from '../../components/ProductPicker/index.ts';
import {
  type DiscountKind,
  type DraftLine,
  type InvoiceCurrency,
  showAmount,
  totalsOfLine,
} from './draft.ts';

/** §5.2: a discount value of exactly this many characters is ignored. */
const IGNORED_DISCOUNT_LENGTH = 9;
const DECIMAL = /^\d*(?:[.,]\d{0,2})?$/;
const QUANTITY = /^-?\d*(?:[.,]\d{0,3})?$/;

/** '1,5' → '1.5', '2.' → '2', '' → '' (what decimal.js reads). */
const toDecimalText = (value: string) => value.replace(',', '.').replace(/\.$/, '');

/** The line a product gives in the invoice currency (tax rate: the active value of its tax type). */
export function lineOfProduct(
  product: PricedProduct,
  cantidad: string,
  descuentoTipo: DiscountKind,
  descuentoValor: string,
): DraftLine {
  const untaxed = product.exento || product.exonerado;
  return {
    productId: product.id,
    codigoProducto: product.codigo,
    descripcion: product.descripcion,
    unidadMedida: product.unidadMedida || 'UNIDAD',
    precio: product.precioDivisa,
    exento: product.exento,
    exonerado: product.exonerado,
    alicuota: untaxed ? '0' : (product.tipoGravamen?.valor ?? '0'),
    idgravamen: product.tipoGravamen?.idgravamen ?? null,
    cantidad,
    descuentoTipo,
    descuentoValor: descuentoTipo === 'none' ? '' : descuentoValor,
  };
}

/**
 * The add-product modal (spec 001 §2.1, §5.2): product autocomplete, quantity (minimum 1; below 0 it
 * becomes 0), discount Sin Desc. / % / Monto (disabled until a product is chosen; a percent above 100
 * and a value of exactly 9 characters are ignored), unit and total price.
 */
export function AddProductDialog({
  localidadId,
  divisa,
  onAdd,
  onClose,
}: {
  localidadId: string;
  divisa: InvoiceCurrency;
  onAdd: (line: DraftLine) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  const discountLabelId = useId();
  const [product, setProduct] = useState<PricedProduct | null>(null);
  const [cantidad, setCantidad] = useState('1');
  const [kind, setKind] = useState<DiscountKind>('none');
  const [discount, setDiscount] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const quantity = dec(toDecimalText(cantidad) || '0');
  const line = product
    ? lineOfProduct(product, quantity.toString(), kind, toDecimalText(discount) || '0')
    : null;
  const totals = line ? totalsOfLine(line) : null;
  const quantityError = quantity.lt(1) ? t('product.quantityMin') : undefined;
  const discountError =
    kind === 'amount' && totals && dec(totals.importe).lt(0) ? t('product.discountTooHigh') : undefined;
  const productError = submitted && !product ? t('product.required') : undefined;

  const onQuantity = (value: string) => {
    if (!QUANTITY.test(value)) return;
    // §5.2: values below 0 become 0.
    if (value.startsWith('-')) {
      setCantidad('0');
      return;
    }
    setCantidad(value);
  };

  const onDiscount = (value: string) => {
    if (!DECIMAL.test(value)) return;
    if (value.length === IGNORED_DISCOUNT_LENGTH) return;
    if (kind === 'percent' && value && dec(toDecimalText(value) || '0').gt(100)) return;
    setDiscount(value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!product || !line || quantityError || discountError) return;
    onAdd(line);
  };

  return (
    <FormDialog
      open
      title={t('product.title')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitLabel={t('product.add')}
      maxWidth="sm"
    >
      <Grid container spacing={2}>
        <Grid size={12}>
          <ProductPicker
            autoFocus
            localidadId={localidadId}
            divisa={divisa}
            value={product}
            onChange={(p) => {
              setProduct(p);
              if (!p) {
                setKind('none');
                setDiscount('');
              }
            }}
            error={productError}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label={t('product.cantidad')}
            value={cantidad}
            onChange={(e) => onQuantity(e.target.value)}
            error={!!quantityError}
            helperText={quantityError}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal', min: 1 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormControl disabled={!product}>
            <FormLabel id={discountLabelId} sx={{ typography: 'body2' }}>
              {t('product.discount')}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={discountLabelId}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as DiscountKind);
                setDiscount('');
              }}
            >
              <FormControlLabel
                value="none"
                control={<Radio size="small" />}
                label={t('product.noDiscount')}
              />
              <FormControlLabel value="percent" control={<Radio size="small" />} label="%" />
              <FormControlLabel value="amount" control={<Radio size="small" />} label={t('product.amount')} />
            </RadioGroup>
          </FormControl>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={kind === 'percent' ? t('product.discountPercent') : t('product.discountAmount')}
            value={discount}
            disabled={!product || kind === 'none'}
            onChange={(e) => onDiscount(e.target.value)}
            error={!!discountError}
            helperText={discountError}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Grid>
        <Grid size={12}>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
              gap: 1.5,
              p: 1.5,
              bgcolor: 'grey.50',
              borderRadius: 1,
            }}
          >
            <Price
              label={t('product.unitPrice')}
              value={product ? showAmount(product.precioDivisa, divisa) : '—'}
            />
            <Price
              label={t('product.tax')}
              value={
                !product
                  ? '—'
                  : product.exento
                    ? t('lines.exento')
                    : product.exonerado
                      ? t('lines.exonerado')
                      : `${formatPercent(line?.alicuota ?? 0)} · ${showAmount(totals?.impuesto, divisa)}`
              }
            />
            <Price
              label={t('product.totalPrice')}
              value={totals ? showAmount(totals.importe, divisa) : '—'}
              strong
            />
          </Box>
        </Grid>
      </Grid>
    </FormDialog>
  );
}

function Price({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div" sx={{ fontWeight: strong ? 700 : 400 }}>
        {value}
      </Typography>
    </Box>
  );
}
