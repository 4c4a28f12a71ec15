export { DocumentNumberField, type DocumentNumberFieldProps, digitsOnly } from './DocumentNumberField.tsx';
export {
  amountMask,
  FormAmountField,
  FormDateField,
  FormSelectField,
  FormSwitchField,
  FormTextField,
  type SelectOption,
} from './fields.tsx';
