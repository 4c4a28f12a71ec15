export {
  PRODUCT_CURRENCIES,
  type PricedProduct,
  type Product,
  type ProductCurrency,
  type ProductTaxType,
  productsByCompany,
  productsKey,
} from './api.ts';
export { ProductPicker, type ProductPickerProps, productLabel } from './ProductPicker.tsx';
