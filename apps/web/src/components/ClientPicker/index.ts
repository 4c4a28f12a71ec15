export {
  CLIENT_DOCUMENT_TYPES,
  type Client,
  type ClientBody,
  clientDocumentMask,
  clientsKey,
  createClient,
  fetchClients,
  PROVIDER_TYPES,
  phoneMask,
  searchClients,
  toggleClientStatus,
  updateClient,
} from './api.ts';
export { ClientFormDialog, type ClientFormDialogProps, type CompanyOption } from './ClientFormDialog.tsx';
export { ClientCard, ClientPicker, type ClientPickerProps } from './ClientPicker.tsx';
