export { DocumentNumberField, type DocumentNumberFieldProps, digitsOnly } from './DocumentNumberField.tsx';
export { type CellSize, FieldGrid, type GridField, LineEntryForm } from './FieldGrid.tsx';
export {
  amountMask,
  FormAmountField,
  FormDateField,
  FormSelectField,
  FormSwitchField,
  FormTextField,
  type SelectOption,
} from './fields.tsx';
