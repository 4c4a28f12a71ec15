export { DocumentNumberField, type DocumentNumberFieldProps, digitsOnly } from './DocumentNumberField.tsx';
export { type CellSize, FieldGrid, type GridField, LineEntryForm } from './FieldGrid.tsx';
export {
  amountMask,
  FormAmountField,
  FormAutocompleteField,
  FormDateField,
  FormSelectField,
  FormSwitchField,
  FormTextField,
  matchesWords,
  type SelectOption,
} from './fields.tsx';
